import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setTestApiOrigin, signedInStore } from '../../../test/render';
import { DIRIGENTI_MSG as M, QUALIFICA_LABELS } from '../../../common/officials/messages';
import type { Dirigente } from '../../../common/officials/rules';
import type { Role } from '../../../common/users/roles';
import { startStandInServer, type StandInServer } from '../../../test/stand-in-server';
import OfficialsPage from './OfficialsPage';

const ROSSI: Dirigente = { id: 1, nome: 'Mario', cognome: 'Rossi', email: 'mario.rossi@example.it', telefono: '3331234567', qualifiche: ['arbitro', 'accompagnatore'], attivo: true, numeroTessera: 'AB-123/4' };
const BIANCHI: Dirigente = { id: 2, nome: 'Anna', cognome: 'Bianchi', email: 'anna@example.it', telefono: null, qualifiche: ['addetto_arbitro'], attivo: false, numeroTessera: null };

type Answer = { status: number; body?: unknown };
const FEED = (n: number) => `https://club.example.it/api/calendario/dirigente/tok${n}.ics`;

describe('Dirigenti screen', () => {
  let server: StandInServer;
  let people: Dirigente[] = [];
  /** The next answers to POST /api/dirigenti, in order (then 201 with the person). */
  let postAnswers: Answer[] = [];
  let deleteAnswers: Answer[] = [];
  let feed = 1;
  beforeAll(async () => {
    server = await startStandInServer((req) => {
      if (req.method === 'GET' && /^\/api\/dirigenti\/\d+\/calendario$/.test(req.url)) return { status: 200, body: { data: { url: FEED(feed) } } };
      if (req.method === 'POST' && /^\/api\/dirigenti\/\d+\/calendario\/revoca$/.test(req.url)) {
        feed += 1;
        return { status: 200, body: { data: { url: FEED(feed) } } };
      }
      if (req.method === 'GET' && req.url.startsWith('/api/dirigenti')) return { status: 200, body: { data: people, count: people.length } };
      if (req.method === 'POST' && req.url === '/api/dirigenti') {
        const next = postAnswers.shift();
        if (next) return next;
        const saved = { id: 100 + people.length, ...JSON.parse(req.body) } as Dirigente;
        people = [...people, saved];
        return { status: 201, body: { data: saved } };
      }
      if (req.method === 'PUT' && req.url.startsWith('/api/dirigenti/')) {
        const id = Number(req.url.split('/').pop());
        const saved = { id, ...JSON.parse(req.body) } as Dirigente;
        people = people.map((p) => (p.id === id ? saved : p));
        return { status: 200, body: { data: saved } };
      }
      if (req.method === 'DELETE' && req.url.startsWith('/api/dirigenti/')) {
        const next = deleteAnswers.shift();
        if (next) return next;
        const id = Number(req.url.split('/').pop());
        people = people.filter((p) => p.id !== id);
        return { status: 200, body: { success: true } };
      }
      return { status: 404, body: { error: 'Risorsa non trovata' } };
    });
    setTestApiOrigin(server.origin);
  });
  afterAll(async () => {
    setTestApiOrigin(null);
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    postAnswers = [];
    deleteAnswers = [];
    feed = 1;
  });

  const renderAs = (role: Role) => renderWithProviders(<OfficialsPage />, { store: signedInStore(role), route: '/dirigenti' });
  const writes = (method: string) => server.requests.filter((r) => r.method === method && r.url.startsWith('/api/dirigenti'));
  const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
  const form = (title: string = M.add) => screen.getByRole('dialog', { name: title });
  const field = (label: string) => within(form()).getByRole('textbox', { name: new RegExp(`^${label}`) });

  it('lists each person with their qualifications as chips, email, phone and state; the filters narrow it', async () => {
    people = [ROSSI, BIANCHI];
    const user = userEvent.setup();
    renderAs('editor');
    await screen.findByRole('table', { name: M.title });
    // By surname.
    expect(screen.getAllByTestId('dirigente-row').map((r) => r.getAttribute('data-id'))).toEqual(['2', '1']);
    const rossi = row('Mario Rossi');
    expect(within(rossi).getByText(QUALIFICA_LABELS.arbitro)).toBeInTheDocument();
    expect(within(rossi).getByText(QUALIFICA_LABELS.accompagnatore)).toBeInTheDocument();
    expect(within(rossi).queryByText(QUALIFICA_LABELS.addetto_arbitro)).toBeNull();
    expect(within(rossi).getByRole('link', { name: ROSSI.email })).toHaveAttribute('href', `mailto:${ROSSI.email}`);
    expect(within(rossi).getByRole('link', { name: '333 123 4567' })).toHaveAttribute('href', 'tel:3331234567');
    expect(within(rossi).getByText(M.yes)).toBeInTheDocument();
    expect(within(row('Anna Bianchi')).getByText(M.no)).toBeInTheDocument();
    // The card the team sheet prints: its column (and under the name on a phone); a dash without one.
    expect(within(rossi).getByTestId('dirigente-tessera')).toHaveTextContent('AB-123/4');
    expect(within(rossi).getByText(M.tesseraOf('AB-123/4'))).toBeInTheDocument();
    expect(within(row('Anna Bianchi')).getByTestId('dirigente-tessera')).toHaveTextContent(M.noTessera);
    expect(screen.getByTestId('dirigenti-count')).toHaveTextContent(M.count(2));

    await user.click(screen.getByRole('combobox', { name: M.fields.qualifiche }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: QUALIFICA_LABELS.arbitro }));
    expect(screen.getAllByTestId('dirigente-row')).toHaveLength(1);
    expect(row('Mario Rossi')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: M.clearFilters }));
    await user.click(screen.getByRole('combobox', { name: M.stato }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: M.soloNonAttivi }));
    expect(screen.getAllByTestId('dirigente-row').map((r) => r.getAttribute('data-id'))).toEqual(['2']);

    await user.click(screen.getByRole('button', { name: M.clearFilters }));
    await user.type(screen.getByRole('textbox', { name: M.search }), 'rossi');
    expect(screen.getAllByTestId('dirigente-row').map((r) => r.getAttribute('data-id'))).toEqual(['1']);
    await user.type(screen.getByRole('textbox', { name: M.search }), 'x');
    expect(screen.getByText(M.noneFiltered)).toBeInTheDocument();
  });

  it('creates a person from the empty screen: the save waits for a valid form, the exact body is sent, the toast and the list follow', async () => {
    people = [];
    const user = userEvent.setup();
    renderAs('editor');
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: M.add })[0]);
    await screen.findByRole('dialog', { name: M.add });
    const save = () => within(form()).getByRole('button', { name: M.save });
    expect(save()).toBeDisabled();

    await user.type(field(M.fields.nome), '  Luca ');
    expect(screen.getByTestId('dirigente-problem')).toHaveTextContent(M.invalid.cognome);
    await user.type(field(M.fields.cognome), 'Verdi');
    await user.type(field(M.fields.email), 'Luca.Verdi@Example.it');
    await user.type(field(M.fields.telefono), '12345');
    expect(screen.getByTestId('dirigente-problem')).toHaveTextContent(M.invalid.telefono);
    expect(save()).toBeDisabled();
    await user.clear(field(M.fields.telefono));
    await user.type(field(M.fields.telefono), '333 765 4321');
    await user.click(within(form()).getByRole('checkbox', { name: QUALIFICA_LABELS.addetto_arbitro }));
    await user.click(within(form()).getByRole('checkbox', { name: QUALIFICA_LABELS.arbitro }));
    await user.click(within(form()).getByRole('checkbox', { name: QUALIFICA_LABELS.allenatore }));
    expect(screen.queryByTestId('dirigente-problem')).toBeNull();
    // The card: the server's own rule in the form (letters, digits, spaces and / . -).
    await user.type(field(M.fields.numeroTessera), '#12');
    expect(screen.getByTestId('dirigente-problem')).toHaveTextContent(M.invalid.tessera);
    expect(field(M.fields.numeroTessera)).toHaveAttribute('aria-invalid', 'true');
    expect(save()).toBeDisabled();
    await user.clear(field(M.fields.numeroTessera));
    await user.type(field(M.fields.numeroTessera), ' FIGC 123/4 ');
    expect(field(M.fields.numeroTessera)).toHaveAttribute('maxlength', '20');
    expect(screen.queryByTestId('dirigente-problem')).toBeNull();
    expect(save()).toBeEnabled();

    await user.click(save());
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    expect(JSON.parse(writes('POST')[0].body)).toEqual({
      nome: 'Luca',
      cognome: 'Verdi',
      email: 'luca.verdi@example.it',
      telefono: '3337654321',
      qualifiche: ['arbitro', 'addetto_arbitro', 'allenatore'],
      attivo: true,
      numeroTessera: 'FIGC 123/4',
    });
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.add })).toBeNull());
    expect(await screen.findByRole('row', { name: /^Luca Verdi/ })).toBeInTheDocument();
  });

  it("shows the server's 409 message (an email already used) and keeps the form", async () => {
    people = [ROSSI];
    postAnswers = [{ status: 409, body: { error: M.duplicateEmail } }];
    const user = userEvent.setup();
    renderAs('admin');
    await user.click(await screen.findByRole('button', { name: M.add }));
    await screen.findByRole('dialog', { name: M.add });
    await user.type(field(M.fields.nome), 'Mario');
    await user.type(field(M.fields.cognome), 'Rossi');
    await user.type(field(M.fields.email), ROSSI.email);
    await user.click(within(form()).getByRole('button', { name: M.save }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent(M.duplicateEmail);
    expect(JSON.parse(writes('POST')[0].body)).toEqual({ nome: 'Mario', cognome: 'Rossi', email: ROSSI.email, telefono: null, qualifiche: [], attivo: true, numeroTessera: null });
    expect(form()).toBeInTheDocument();
    expect(screen.queryByText(M.created)).toBeNull();
  });

  it('edits a person; Elimina asks first naming them and shows the 409 of a designated person', async () => {
    people = [ROSSI];
    deleteAnswers = [{ status: 409, body: { error: M.inUse(2) } }];
    const user = userEvent.setup();
    renderAs('editor');
    await user.click(await screen.findByRole('button', { name: M.editOf('Mario Rossi') }));
    await screen.findByRole('dialog', { name: M.edit });
    await user.click(within(form(M.edit)).getByRole('checkbox', { name: QUALIFICA_LABELS.accompagnatore }));
    await user.click(within(form(M.edit)).getByRole('switch', { name: M.fields.attivo }));
    const card = within(form(M.edit)).getByRole('textbox', { name: new RegExp(`^${M.fields.numeroTessera}`) });
    expect(card).toHaveValue('AB-123/4');
    await user.clear(card);
    await user.click(within(form(M.edit)).getByRole('button', { name: M.save }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0].url).toBe('/api/dirigenti/1');
    // A card cleared is sent as null (the server then forgets it).
    const { id: _id, ...rest } = ROSSI;
    expect(JSON.parse(writes('PUT')[0].body)).toEqual({ ...rest, qualifiche: ['arbitro'], attivo: false, numeroTessera: null });
    expect(await screen.findByText(M.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.edit })).toBeNull());

    await user.click(await screen.findByRole('button', { name: M.editOf('Mario Rossi') }));
    await user.click(within(await screen.findByRole('dialog', { name: M.edit })).getByRole('button', { name: M.delete }));
    const confirm = await screen.findByRole('dialog', { name: M.deleteTitle });
    expect(confirm).toHaveTextContent(M.deleteText('Mario Rossi'));
    expect(writes('DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: M.deleteConfirm }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(M.inUse(2));
    await user.click(within(confirm).getByRole('button', { name: M.deleteConfirm }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    expect(writes('DELETE').map((r) => r.url)).toEqual(['/api/dirigenti/1', '/api/dirigenti/1']);
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
  });

  it("shows the person's calendar link; revoking asks first, then shows the new link", async () => {
    people = [ROSSI];
    const user = userEvent.setup();
    renderAs('editor');
    await user.click(await screen.findByRole('button', { name: M.editOf('Mario Rossi') }));
    const dialog = await screen.findByRole('dialog', { name: M.edit });
    expect(await within(dialog).findByTestId('dirigente-calendar-url')).toHaveValue(FEED(1));
    expect(within(dialog).getByRole('button', { name: M.calendarCopy })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: M.calendarRevoke }));
    const confirm = await screen.findByRole('dialog', { name: M.calendarRevoke });
    expect(confirm).toHaveTextContent(M.calendarRevokeText('Mario Rossi'));
    expect(server.requests.filter((r) => r.url.endsWith('/revoca'))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: M.calendarRevokeConfirm }));
    expect(await screen.findByText(M.calendarRevoked)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST' && r.url === '/api/dirigenti/1/calendario/revoca')).toHaveLength(1);
    await waitFor(() => expect(within(dialog).getByTestId('dirigente-calendar-url')).toHaveValue(FEED(2)));
  });

  it('a reader sees the list without any editing control', async () => {
    people = [ROSSI, BIANCHI];
    renderAs('reader');
    const table = await screen.findByRole('table', { name: M.title });
    expect(within(row('Mario Rossi')).getByText(QUALIFICA_LABELS.arbitro)).toBeInTheDocument();
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    expect(within(table).queryByText(M.actions)).toBeNull();
    expect(screen.queryByRole('button', { name: M.add })).toBeNull();
    expect(screen.queryByRole('button', { name: M.editOf('Mario Rossi') })).toBeNull();
    expect(server.requests.filter((r) => r.url.includes('/calendario'))).toHaveLength(0);
  });

  it("a reader's empty screen does not point at a button it does not have", async () => {
    people = [];
    renderAs('reader');
    expect(await screen.findByText(M.emptyReader)).toBeInTheDocument();
    expect(screen.queryByText(M.empty)).toBeNull();
    expect(screen.queryByRole('button', { name: M.add })).toBeNull();
  });
});
