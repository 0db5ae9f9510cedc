import { waitFor } from '@testing-library/react';
import { signedOut } from '../store/sessionSlice';
import { signedInStore, withStandInServer } from '../../test/render';
import { matchesApi } from '../features/matches/matchesApi';
import { groupsApi } from '../features/groups/groupsApi';
import { categoriesApi } from '../api/categoriesApi';

// The matches form and the categories screen are different features: they meet here, in the app layer.
describe('category changes reach the add-match dropdown', () => {
  let gruppi: Array<{ id: number; name: string; created_at: string; components: unknown[] }>;
  const server = withStandInServer((req) => {
    if (req.method === 'GET' && req.url === '/api/gruppi') return { status: 200, body: { data: gruppi, count: gruppi.length } };
    const m = /^\/api\/gruppi\/(\d+)$/.exec(req.url);
    if (req.method === 'POST' && req.url === '/api/gruppi') {
      const g = { id: gruppi.length + 10, created_at: '2026-01-01T00:00:00Z', ...(JSON.parse(req.body) as { name: string; components: unknown[] }) };
      gruppi.push(g);
      return { status: 201, body: { data: g } };
    }
    if (m && req.method === 'PUT') {
      const g = gruppi.find((x) => x.id === Number(m[1]))!;
      Object.assign(g, JSON.parse(req.body));
      return { status: 200, body: { data: g } };
    }
    if (m && req.method === 'DELETE') {
      const g = gruppi.find((x) => x.id === Number(m[1]))!;
      gruppi = gruppi.filter((x) => x !== g);
      return { status: 200, body: { data: g } };
    }
    return { status: 404, body: { error: 'Risorsa non trovata' } };
  });

  const referent = { nome: 'Mario', cognome: 'Rossi', telefono: null };

  it('refetches the categories of the match form after a create, a rename and a delete', async () => {
    gruppi = [{ id: 1, name: 'Pulcini', created_at: '2026-01-01T00:00:00Z', components: [referent] }];
    const store = signedInStore('editor');
    const categorie = store.dispatch(categoriesApi.endpoints.getGruppi.initiate());
    const partite = store.dispatch(matchesApi.endpoints.getPartita.initiate('7'));
    const current = () => categoriesApi.endpoints.getGruppi.select()(store.getState()).data?.data.map((g) => g.name);
    const categoriesAre = (expected: string[]) => waitFor(() => expect(current()).toEqual(expected));
    await categoriesAre(['Pulcini']);

    const partitaHits = () => server.requests.filter((r) => r.url === '/api/partite/7').length;
    await partite;
    const before = partitaHits();
    await store.dispatch(groupsApi.endpoints.updateGruppo.initiate({ id: 1, body: { name: 'Primi Calci', components: [referent] } }));
    await categoriesAre(['Primi Calci']);
    // A rename cascades to the matches of the category: their cached copies are read again.
    await waitFor(() => expect(partitaHits()).toBe(before + 1));

    await store.dispatch(groupsApi.endpoints.createGruppo.initiate({ name: 'Esordienti', components: [referent] }));
    await categoriesAre(['Primi Calci', 'Esordienti']);
    await store.dispatch(groupsApi.endpoints.deleteGruppo.initiate(1));
    await categoriesAre(['Esordienti']);

    categorie.unsubscribe();
    partite.unsubscribe();
    store.dispatch(signedOut());
  });
});
