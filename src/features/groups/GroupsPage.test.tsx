import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setTestApiOrigin, signedInStore } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import { startStandInServer, type StandInServer } from '../../../test/stand-in-server';
import type { Gruppo } from '../../../common/groups/rules';
import GroupsPage from './GroupsPage';

const ALLIEVI: Gruppo = {
  id: 4,
  name: 'Allievi',
  created_at: '2026-01-01T10:00:00.000Z',
  components: [{ nome: 'Luca', cognome: 'Verdi', telefono: null, email: null, notifiche: 'nessuna' }],
  arbitroSocieta: false,
  annoDa: 2009,
  annoA: 2010,
  maxDistinta: 20,
};

describe('Gestione Categorie: the club referee of home matches', () => {
  let server: StandInServer;
  let gruppi: Gruppo[] = [];
  beforeAll(async () => {
    server = await startStandInServer((req) => {
      if (req.method === 'GET' && req.url === '/api/gruppi') return { status: 200, body: { data: gruppi, count: gruppi.length } };
      if (req.method === 'PUT' && req.url.startsWith('/api/gruppi/')) {
        const id = Number(req.url.split('/').pop());
        const saved = { ...gruppi.find((g) => g.id === id)!, ...JSON.parse(req.body) } as Gruppo;
        gruppi = gruppi.map((g) => (g.id === id ? saved : g));
        return { status: 200, body: { data: saved } };
      }
      if (req.method === 'POST' && req.url === '/api/gruppi') {
        const saved = { id: 10, created_at: '2026-01-02T10:00:00.000Z', ...JSON.parse(req.body) } as Gruppo;
        gruppi = [...gruppi, saved];
        return { status: 201, body: { data: saved } };
      }
      return { status: 404, body: { error: 'Risorsa non trovata' } };
    });
    setTestApiOrigin(server.origin);
  });
  afterAll(async () => {
    setTestApiOrigin(null);
    await server.close();
  });

  const writes = (method: string) => server.requests.filter((r) => r.method === method && r.url.startsWith('/api/gruppi'));

  it('the form sends arbitroSocieta on edit and on create', async () => {
    gruppi = [ALLIEVI];
    const user = userEvent.setup();
    renderWithProviders(<GroupsPage />, { store: signedInStore('admin'), route: '/gruppi' });
    await user.click(await screen.findByRole('button', { name: `${MSG.groups.edit} Allievi` }));
    const edit = await screen.findByRole('dialog', { name: MSG.groups.editTitle });
    const toggle = within(edit).getByRole('switch', { name: MSG.groups.arbitroSocieta });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(within(edit).getByRole('button', { name: MSG.groups.save }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0].url).toBe('/api/gruppi/4');
    expect(JSON.parse(writes('PUT')[0].body)).toEqual({ name: 'Allievi', components: ALLIEVI.components, arbitroSocieta: true, annoDa: 2009, annoA: 2010, maxDistinta: 20 });
    expect(await screen.findByText(MSG.groups.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.groups.editTitle })).toBeNull());

    await user.click(screen.getByRole('button', { name: MSG.groups.create }));
    const create = await screen.findByRole('dialog', { name: MSG.groups.createTitle });
    await user.type(within(create).getByRole('textbox', { name: new RegExp(`^${MSG.groups.name}`) }), 'Pulcini 2017');
    const referent = within(create).getByRole('group', { name: MSG.groups.referent(1) });
    await user.type(within(referent).getByRole('textbox', { name: /^Nome/ }), 'Anna');
    await user.type(within(referent).getByRole('textbox', { name: /^Cognome/ }), 'Bianchi');
    expect(within(create).getByRole('switch', { name: MSG.groups.arbitroSocieta })).toBeChecked();
    await user.click(within(create).getByRole('button', { name: MSG.groups.save }));
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    expect(JSON.parse(writes('POST')[0].body)).toEqual({
      name: 'Pulcini 2017',
      components: [{ nome: 'Anna', cognome: 'Bianchi', telefono: null, email: null, notifiche: 'nessuna' }],
      arbitroSocieta: true,
      annoDa: null,
      annoA: null,
      maxDistinta: 20,
    });
  });
});
