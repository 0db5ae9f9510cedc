import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signedInStore, withStandInServer } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import { ROLE_LABEL } from '../../../common/users/roles';
import type { User } from '../../../common/users/rules';
import { FOLLOWED_MSG } from '../../../common/players/messages';
import UsersPage from './UsersPage';

// A role change asks first, naming the person and both roles (docs/users.md); 'Annulla' changes nothing.
describe('Gestione Utenti: changes that ask first', () => {
  const MARIO = 'mario@example.it';
  const user = (over: Partial<User>): User => ({
    id: 'id', user_id: 'id', email: 'x@example.it', role: 'reader', created_at: '2026-11-01T10:00:00Z',
    last_sign_in_at: null, last_updated: '2026-11-01T10:00:00Z', locked_until: null, invito_in_attesa: false, ...over,
  });
  let users: User[];
  const server = withStandInServer((req) => {
    if (req.method === 'GET' && req.url === '/api/users') return { status: 200, body: { data: users, count: users.length, message: '' } };
    const role = /^\/api\/users\/(.+)\/role$/.exec(req.url);
    if (req.method === 'PUT' && role) {
      const changed = { ...users.find((u) => u.id === role[1])!, role: JSON.parse(req.body).role };
      users = users.map((u) => (u.id === changed.id ? changed : u));
      return { status: 200, body: { message: MSG.users.roleUpdated(changed.role), data: changed } };
    }
    return { status: 200, body: { data: [] } };
  });
  beforeEach(() => {
    users = [user({ id: 'u', email: 'e@x.it', role: 'admin' }), user({ id: 'm', email: MARIO, role: 'editor' })];
  });
  const roleChanges = () => server.requests.filter((r) => r.method === 'PUT');

  it("picking Admin for an editor asks 'Cambiare il ruolo di … da Editor ad Admin?'; 'Annulla' keeps Editor, the confirm button changes it", async () => {
    const u = userEvent.setup();
    renderWithProviders(<UsersPage />, { store: signedInStore('admin') });
    const select = await screen.findByRole('combobox', { name: MSG.users.roleOf(MARIO) });
    expect(select).toHaveTextContent(ROLE_LABEL.editor);

    await u.click(select);
    await u.click(await screen.findByRole('option', { name: ROLE_LABEL.admin }));
    const dialog = await screen.findByRole('dialog', { name: `Cambiare il ruolo di ${MARIO} da ${ROLE_LABEL.editor} ad ${ROLE_LABEL.admin}?` });
    expect(within(dialog).getByText(MSG.users.roleChangeEffect.admin)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Annulla', `Cambia in ${ROLE_LABEL.admin}`]);
    // Nothing sent while the dialog asks.
    expect(roleChanges()).toEqual([]);

    await u.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(roleChanges()).toEqual([]);
    expect(screen.getByRole('combobox', { name: MSG.users.roleOf(MARIO) })).toHaveTextContent(ROLE_LABEL.editor);

    await u.click(screen.getByRole('combobox', { name: MSG.users.roleOf(MARIO) }));
    await u.click(await screen.findByRole('option', { name: ROLE_LABEL.reader }));
    const again = await screen.findByRole('dialog', { name: `Cambiare il ruolo di ${MARIO} da ${ROLE_LABEL.editor} a ${ROLE_LABEL.reader}?` });
    await u.click(within(again).getByRole('button', { name: `Cambia in ${ROLE_LABEL.reader}` }));
    expect(await screen.findByText(MSG.users.roleUpdated('reader'))).toBeInTheDocument();
    expect(roleChanges().map((r) => [r.url, JSON.parse(r.body)])).toEqual([['/api/users/m/role', { role: 'reader' }]]);
  });

  it('deleting a user names them in the confirmation, which cancels with Annulla', async () => {
    const u = userEvent.setup();
    renderWithProviders(<UsersPage />, { store: signedInStore('admin') });
    await u.click(await screen.findByRole('button', { name: MSG.users.deleteUser(MARIO) }));
    const dialog = await screen.findByRole('dialog', { name: MSG.users.deleteTitle });
    expect(dialog).toHaveTextContent(MARIO);
    await u.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});

// 'Categorie seguite' (docs/players.md, who sees what): the categories whose players each user sees.
describe('Gestione Utenti: categories followed', () => {
  const ANNA = 'anna@example.it';
  const LUCA = 'luca@example.it';
  const base = { created_at: '2026-11-01T10:00:00Z', last_sign_in_at: null, last_updated: '2026-11-01T10:00:00Z', locked_until: null, invito_in_attesa: false };
  let users: User[];
  const server = withStandInServer((req) => {
    if (req.method === 'GET' && req.url === '/api/users') return { status: 200, body: { data: users, count: users.length, message: '' } };
    if (req.method === 'GET' && req.url === '/api/gruppi') {
      const gruppi = ['Pulcini', 'Esordienti', 'Giovanissimi'].map((name, i) => ({ id: i + 1, name, created_at: '2026-01-01T00:00:00Z', components: [] }));
      return { status: 200, body: { data: gruppi, count: gruppi.length } };
    }
    const ties = /^\/api\/users\/(.+)\/gruppi$/.exec(req.url);
    if (req.method === 'PUT' && ties) {
      const body = JSON.parse(req.body) as { tutte?: true; gruppi?: string[] };
      const changed = { ...users.find((u) => u.id === ties[1])!, gruppiSeguiti: body.tutte ? { tutte: true, gruppi: [] } : { tutte: false, gruppi: body.gruppi! } };
      users = users.map((u) => (u.id === changed.id ? changed : u));
      return { status: 200, body: { message: `Categorie seguite da ${changed.email} aggiornate`, data: changed } };
    }
    return { status: 200, body: { data: [] } };
  });
  beforeEach(() => {
    users = [
      { ...base, id: 'u', user_id: 'u', email: 'e@x.it', role: 'admin', gruppiSeguiti: { tutte: false, gruppi: [] } },
      { ...base, id: 'a', user_id: 'a', email: ANNA, role: 'editor', gruppiSeguiti: { tutte: true, gruppi: [] } },
      { ...base, id: 'l', user_id: 'l', email: LUCA, role: 'reader', gruppiSeguiti: { tutte: false, gruppi: ['Esordienti'] } },
    ];
  });
  const followedOf = (email: string) => within(screen.getByRole('row', { name: new RegExp(email) })).getByTestId('user-followed');
  const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => [r.url, JSON.parse(r.body)]);

  it("shows each user's categories and changes them: some ticked, then every one", async () => {
    const u = userEvent.setup();
    renderWithProviders(<UsersPage />, { store: signedInStore('admin') });
    await screen.findByRole('button', { name: FOLLOWED_MSG.editOf(LUCA) });
    expect(followedOf('e@x.it')).toHaveTextContent(FOLLOWED_MSG.admin);
    expect(followedOf(ANNA)).toHaveTextContent(FOLLOWED_MSG.tutte);
    expect(followedOf(LUCA)).toHaveTextContent('Esordienti');

    await u.click(screen.getByRole('button', { name: FOLLOWED_MSG.editOf(LUCA) }));
    const dialog = await screen.findByRole('dialog', { name: FOLLOWED_MSG.title });
    expect(dialog).toHaveTextContent(FOLLOWED_MSG.intro(LUCA));
    expect(await within(dialog).findByRole('checkbox', { name: 'Esordienti' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Pulcini' })).not.toBeChecked();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Giovanissimi' }));
    await u.click(within(dialog).getByRole('checkbox', { name: 'Pulcini' }));
    expect(puts()).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: FOLLOWED_MSG.save }));
    expect(await screen.findByText(`Categorie seguite da ${LUCA} aggiornate`)).toBeInTheDocument();
    // In the club's order.
    expect(puts()).toEqual([['/api/users/l/gruppi', { gruppi: ['Pulcini', 'Esordienti', 'Giovanissimi'] }]]);
    await waitFor(() => expect(followedOf(LUCA)).toHaveTextContent('Pulcini, Esordienti, Giovanissimi'));

    await u.click(screen.getByRole('button', { name: FOLLOWED_MSG.editOf(LUCA) }));
    const again = await screen.findByRole('dialog', { name: FOLLOWED_MSG.title });
    await u.click(within(again).getByRole('switch', { name: FOLLOWED_MSG.allSwitch }));
    expect(within(again).getByRole('checkbox', { name: 'Pulcini' })).toBeDisabled();
    await u.click(within(again).getByRole('button', { name: FOLLOWED_MSG.save }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual(['/api/users/l/gruppi', { tutte: true }]);
    await waitFor(() => expect(followedOf(LUCA)).toHaveTextContent(FOLLOWED_MSG.tutte));
  });

  it('closing a changed choice asks first', async () => {
    const u = userEvent.setup();
    renderWithProviders(<UsersPage />, { store: signedInStore('admin') });
    await u.click(await screen.findByRole('button', { name: FOLLOWED_MSG.editOf(ANNA) }));
    const dialog = await screen.findByRole('dialog', { name: FOLLOWED_MSG.title });
    await u.click(within(dialog).getByRole('switch', { name: FOLLOWED_MSG.allSwitch }));
    await u.click(within(dialog).getByRole('button', { name: FOLLOWED_MSG.cancel }));
    expect(await screen.findByRole('dialog', { name: MSG.screens.unsaved.title })).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });
});
