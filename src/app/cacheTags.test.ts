import { waitFor } from '@testing-library/react';
import { signedOut } from '../store/sessionSlice';
import { signedInStore, withStandInServer } from '../../test/render';
import { matchesApi } from '../features/matches/matchesApi';
import { statusApi } from '../features/matches/statusApi';
import { groupsApi } from '../features/groups/groupsApi';
import { logsApi } from '../features/logs/logsApi';

// Every write refreshes what can show it (docs/api.md, the SPA's calls). Features meet here, in the app layer.
describe('caches follow writes', () => {
  let data = '2026-12-05';
  const server = withStandInServer((req) => {
    if (req.method === 'GET' && req.url === '/api/partite/7') {
      return { status: 200, body: { data: { id: 7, data, ora: '15:00:00', ora_fine: null, squadracasa: 'A', squadratrasferta: 'B', gruppo: 'Pulcini', campo: 'C', is_house_match: false, stato: 'programmata' } } };
    }
    if (req.method === 'POST' && req.url === '/api/partite/stato') {
      data = '2026-12-12';
      return { status: 200, body: { operazione: 'op', aggiornate: 1 } };
    }
    if (req.method === 'POST' && req.url === '/api/gruppi') return { status: 201, body: { data: { id: 3, name: 'Esordienti', created_at: '2026-01-01T00:00:00Z', components: [] } } };
    if (req.method === 'GET' && req.url.startsWith('/api/activities')) return { status: 200, body: { data: [], count: 0, totalPages: 1, page: 1 } };
    return { status: 404, body: { error: 'Risorsa non trovata' } };
  });

  const hits = (url: string) => server.requests.filter((r) => r.method === 'GET' && r.url.startsWith(url)).length;

  it("a status move reaches the edit form's cached match: it shows the new date, so a save cannot write the old one back", async () => {
    const store = signedInStore('admin');
    const partita = store.dispatch(matchesApi.endpoints.getPartita.initiate('7'));
    const current = () => matchesApi.endpoints.getPartita.select('7')(store.getState()).data?.data;
    await waitFor(() => expect(current()).toBe('2026-12-05'));
    await store.dispatch(statusApi.endpoints.cambiaStato.initiate({ ids: [7], azione: 'sposta', giorni: 7 }));
    await waitFor(() => expect(current()).toBe('2026-12-12'));
    partita.unsubscribe();
    store.dispatch(signedOut());
  });

  it('every write reloads the activity log on screen', async () => {
    const store = signedInStore('admin');
    const log = store.dispatch(logsApi.endpoints.getActivities.initiate({ page: 1, limit: 20 }));
    await waitFor(() => expect(hits('/api/activities')).toBe(1));
    await store.dispatch(groupsApi.endpoints.createGruppo.initiate({ name: 'Esordienti', components: [] }));
    await waitFor(() => expect(hits('/api/activities')).toBe(2));
    await store.dispatch(statusApi.endpoints.cambiaStato.initiate({ ids: [7], azione: 'annulla' }));
    await waitFor(() => expect(hits('/api/activities')).toBe(3));
    log.unsubscribe();
    store.dispatch(signedOut());
  });
});
