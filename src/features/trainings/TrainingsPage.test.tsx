import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderWithProviders, signedInStore, withStandInServer } from '../../../test/render';
import { ALLENAMENTI_MSG as M } from '../../../common/trainings/messages';
import type { Allenamento } from '../../../common/trainings/rules';
import type { AllenamentoConflitto } from '../../../common/trainings/types';
import type { Role } from '../../../common/users/roles';
import TrainingsPage from './TrainingsPage';

// Each test types whole series field by field: under a loaded machine that takes longer than Jest's default.
jest.setTimeout(120_000);

const ESORDIENTI: Allenamento = {
  id: 1,
  gruppo: 'Esordienti',
  campo: 'Campo Comunale',
  giorno: 3,
  oraInizio: '18:00',
  oraFine: '19:30',
  dal: '2026-09-01',
  al: '2027-06-30',
  spogliatoi: [2, 3],
  saltate: ['2026-11-04'],
};
const PULCINI: Allenamento = { ...ESORDIENTI, id: 2, gruppo: 'Pulcini', campo: 'Campo B', giorno: 1, oraInizio: '17:00', oraFine: '18:00', spogliatoi: [], saltate: [] };

const CONFLITTI: AllenamentoConflitto[] = [
  { id: 2, motivo: 'allenamento', messaggio: 'Allenamento Pulcini 17:00-18:00 su Campo B', data: '2026-09-07' },
  { id: 40, motivo: 'campo', messaggio: 'Campo già occupato dalle 17:00 alle 18:30 da Garibaldina - Rivale', data: '2026-10-05' },
];

type Answer = { status: number; body?: unknown };

describe('Allenamenti screen', () => {
  let series: Allenamento[] = [];
  /** The next answers to POST /api/allenamenti, in order (then 201 with the series). */
  let postAnswers: Answer[] = [];
  const server = withStandInServer((req) => {
    if (req.method === 'GET' && req.url.startsWith('/api/allenamenti')) return { status: 200, body: { data: series, count: series.length } };
    if (req.method === 'GET' && req.url === '/api/gruppi') {
      const gruppi = ['Esordienti', 'Pulcini'].map((name, i) => ({ id: i + 1, name, created_at: '2026-01-01T00:00:00Z', components: [] }));
      return { status: 200, body: { data: gruppi, count: gruppi.length } };
    }
    if (req.method === 'GET' && req.url.startsWith('/api/campi/suggestions')) return { status: 200, body: { data: [{ name: 'Campo Comunale', usage_count: 3 }] } };
    if (req.method === 'POST' && req.url === '/api/allenamenti') {
      const next = postAnswers.shift();
      if (next) return next;
      const saved = { id: 100 + series.length, ...JSON.parse(req.body) } as Allenamento & { confermaSovrapposizioni?: boolean };
      delete saved.confermaSovrapposizioni;
      series = [...series, saved];
      return { status: 201, body: { data: saved } };
    }
    if (req.method === 'PUT' && req.url.startsWith('/api/allenamenti/')) {
      const id = Number(req.url.split('/').pop());
      const saved = { id, ...JSON.parse(req.body) } as Allenamento;
      series = series.map((s) => (s.id === id ? saved : s));
      return { status: 200, body: { data: saved } };
    }
    if (req.method === 'DELETE' && req.url.startsWith('/api/allenamenti/')) {
      const id = Number(req.url.split('/').pop());
      series = series.filter((s) => s.id !== id);
      return { status: 200, body: { success: true } };
    }
    return { status: 404, body: { error: 'Risorsa non trovata' } };
  });
  beforeEach(() => {
    postAnswers = [];
  });

  const renderAs = (role: Role) => renderWithProviders(<TrainingsPage />, { store: signedInStore(role), route: '/allenamenti' });
  const writes = (method: string) => server.requests.filter((r) => r.method === method && r.url.startsWith('/api/allenamenti'));
  const band = (campo: string) => screen.getByRole('region', { name: new RegExp(`^${campo}`) });
  const day = (campo: string, giorno: string) => within(band(campo)).getByRole('list', { name: M.cell(campo, giorno) });
  const form = () => screen.getByRole('dialog', { name: M.add });

  async function pick(user: UserEvent, label: string, option: string) {
    await user.click(within(form()).getByRole('combobox', { name: new RegExp(`^${label}`) }));
    // The categories arrive with the form: the option may come a moment after the list opens.
    await user.click(await within(screen.getByRole('listbox')).findByRole('option', { name: option }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  }
  /** Types into a picker's sections (it-IT: dd/mm/yyyy, hh:mm). */
  async function typeInto(user: UserEvent, label: string, first: 'Giorno' | 'Ore', digits: string) {
    await user.click(within(screen.getByRole('group', { name: new RegExp(`^${label}`) })).getByRole('spinbutton', { name: first }));
    await user.keyboard(digits);
  }

  it('shows each series under its pitch and weekday, with category, times, rooms and period; the filters narrow it', async () => {
    series = [ESORDIENTI, PULCINI];
    const user = userEvent.setup();
    renderAs('editor');
    await screen.findByRole('region', { name: /^Campo Comunale/ });
    expect(screen.getAllByRole('region', { name: /^Campo/ }).map((r) => r.getAttribute('data-campo'))).toEqual(['Campo B', 'Campo Comunale']);

    const mercoledi = day('Campo Comunale', 'mercoledì');
    const block = within(mercoledi).getByRole('listitem');
    expect(block).toHaveTextContent('18:00-19:30');
    expect(block).toHaveTextContent('Esordienti');
    expect(block).toHaveTextContent('Spogliatoi 2, 3');
    expect(block).toHaveTextContent(M.periodShort('01/09/2026', '30/06/2027'));
    expect(block).toHaveTextContent(M.skippedCount(1));
    // Nowhere else: not on another day of its pitch, not on the other pitch.
    for (const g of ['lunedì', 'martedì', 'giovedì', 'venerdì', 'sabato', 'domenica']) expect(within(day('Campo Comunale', g)).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(band('Campo B')).queryByText('Esordienti')).toBeNull();
    expect(within(day('Campo B', 'lunedì')).getByRole('listitem')).toHaveTextContent('Pulcini');
    expect(screen.getByTestId('allenamenti-count')).toHaveTextContent(M.count(2));

    await user.click(screen.getByRole('combobox', { name: M.fields.gruppo }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Pulcini' }));
    expect(screen.queryByRole('region', { name: /^Campo Comunale/ })).toBeNull();
    expect(within(day('Campo B', 'lunedì')).getByRole('listitem')).toHaveTextContent('Pulcini');
    expect(screen.getByTestId('allenamenti-count')).toHaveTextContent(M.count(1));
  });

  it('creates a series with every field: the exact body, the toast, the grid refreshed', async () => {
    series = [];
    const user = userEvent.setup();
    renderAs('editor');
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: M.add })[0]);
    await screen.findByRole('dialog', { name: M.add });
    // The current season by default, written dd/mm/yyyy.
    expect(within(form()).getByRole('group', { name: /^Al/ })).toHaveTextContent(/30\/06\/20\d\d/);
    expect(within(form()).getByRole('button', { name: M.save })).toBeDisabled();

    await pick(user, M.fields.gruppo, 'Esordienti');
    // The first problem is named while the save waits.
    expect(screen.getByTestId('allenamento-problem')).toHaveTextContent(M.invalid.campo);
    await user.type(within(form()).getByRole('combobox', { name: new RegExp(`^${M.fields.campo}`) }), 'Campo Comunale');
    await pick(user, M.fields.giorno, 'Mercoledì');
    await typeInto(user, M.fields.oraInizio, 'Ore', '1800');
    // The end is proposed 90 minutes later; the editor changes it.
    expect(within(form()).getByText(M.endProposed(90))).toBeInTheDocument();
    await typeInto(user, M.fields.oraFine, 'Ore', '1915');
    await typeInto(user, M.fields.dal, 'Giorno', '01092026');
    await typeInto(user, M.fields.al, 'Giorno', '30062027');
    await user.click(within(form()).getByRole('button', { name: M.room(3) }));
    await user.click(within(form()).getByRole('button', { name: M.room(1) }));
    expect(within(form()).getByRole('button', { name: M.room(1) })).toHaveAttribute('aria-pressed', 'true');
    // A date that is no Wednesday of the period is refused; a Wednesday is listed and can be removed.
    await typeInto(user, M.skipDate, 'Giorno', '05112026');
    await user.click(within(form()).getByRole('button', { name: M.addSkip }));
    expect(within(form()).getByText(M.skipNotInPeriod('mercoledì'))).toBeInTheDocument();
    await typeInto(user, M.skipDate, 'Giorno', '04112026');
    await user.click(within(form()).getByRole('button', { name: M.addSkip }));
    await typeInto(user, M.skipDate, 'Giorno', '23122026');
    await user.keyboard('{Enter}');
    expect(within(form()).getAllByTestId('allenamento-saltata').map((e) => e.textContent)).toEqual(['Mercoledì 04/11/2026', 'Mercoledì 23/12/2026']);
    await user.click(within(form()).getByRole('button', { name: M.removeSkip('23/12/2026') }));
    expect(writes('POST')).toHaveLength(0);
    expect(screen.queryByTestId('allenamento-problem')).toBeNull();

    await user.click(within(form()).getByRole('button', { name: M.save }));
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    expect(JSON.parse(writes('POST')[0].body)).toEqual({
      gruppo: 'Esordienti',
      campo: 'Campo Comunale',
      giorno: 3,
      oraInizio: '18:00',
      oraFine: '19:15',
      dal: '2026-09-01',
      al: '2027-06-30',
      spogliatoi: [1, 3],
      saltate: ['2026-11-04'],
    });
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.add })).toBeNull());
    expect(await screen.findByRole('region', { name: /^Campo Comunale/ })).toBeInTheDocument();
    expect(within(day('Campo Comunale', 'mercoledì')).getByRole('listitem')).toHaveTextContent('18:00-19:15');
    // Typing every field of the series through userEvent in jsdom takes 10-60 s on a busy 2-core machine.
  }, 120_000);

  it("a clash (409) lists the sentences; 'Salva comunque' sends the same body with confermaSovrapposizioni, then the next series keeps category, pitch and period", async () => {
    series = [PULCINI];
    postAnswers = [{ status: 409, body: { error: M.conflict, conflitti: CONFLITTI } }];
    const user = userEvent.setup();
    renderAs('editor');
    // The cell's own button: the pitch and the day are already chosen.
    await user.click(await screen.findByRole('button', { name: M.addHere('Campo B', 'lunedì') }));
    await screen.findByRole('dialog', { name: M.add });
    await pick(user, M.fields.gruppo, 'Esordienti');
    await typeInto(user, M.fields.oraInizio, 'Ore', '1700');
    await typeInto(user, M.fields.dal, 'Giorno', '01092026');
    await typeInto(user, M.fields.al, 'Giorno', '31122026');
    await user.click(within(form()).getByRole('button', { name: M.saveAndAddAnother }));

    const clash = await screen.findByRole('dialog', { name: M.clashTitle });
    expect(within(clash).getByText(CONFLITTI[0].messaggio)).toBeInTheDocument();
    expect(within(clash).getByText(CONFLITTI[1].messaggio)).toBeInTheDocument();
    expect(within(clash).getByRole('link', { name: M.openMatch })).toHaveAttribute('href', '/modifica-partita/40');
    expect(writes('POST')).toHaveLength(1);
    const first = JSON.parse(writes('POST')[0].body);
    expect(first).not.toHaveProperty('confermaSovrapposizioni');

    await user.click(within(clash).getByRole('button', { name: M.clashConfirm }));
    await waitFor(() => expect(writes('POST')).toHaveLength(2));
    expect(JSON.parse(writes('POST')[1].body)).toEqual({ ...first, confermaSovrapposizioni: true });
    expect(first).toEqual({ gruppo: 'Esordienti', campo: 'Campo B', giorno: 1, oraInizio: '17:00', oraFine: '18:30', dal: '2026-09-01', al: '2026-12-31', spogliatoi: [], saltate: [] });
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.clashTitle })).toBeNull());

    // Quick repeat entry: the form stays, with the category, pitch and period; the day is chosen again.
    expect(await within(form()).findByText(M.savedAnother('Esordienti, lunedì 17:00-18:30, Campo B'))).toBeInTheDocument();
    expect(within(form()).getByRole('combobox', { name: new RegExp(`^${M.fields.gruppo}`) })).toHaveTextContent('Esordienti');
    expect(within(form()).getByRole('combobox', { name: new RegExp(`^${M.fields.campo}`) })).toHaveValue('Campo B');
    expect(within(form()).getByRole('group', { name: /^Al/ })).toHaveTextContent('31/12/2026');
    expect(within(form()).getByRole('combobox', { name: new RegExp(`^${M.fields.giorno}`) })).toHaveFocus();
    expect(within(form()).getByRole('button', { name: M.save })).toBeDisabled();
    await pick(user, M.fields.giorno, 'Giovedì');
    await user.click(within(form()).getByRole('button', { name: M.save }));
    await waitFor(() => expect(writes('POST')).toHaveLength(3));
    expect(JSON.parse(writes('POST')[2].body)).toEqual({ ...first, giorno: 4 });
  });

  it('a block opens its series for editing; Elimina asks first, naming the series', async () => {
    series = [ESORDIENTI];
    const user = userEvent.setup();
    renderAs('admin');
    await user.click(await screen.findByRole('button', { name: /^Campo Comunale, mercoledì: 18:00-19:30 Esordienti/ }));
    const edit = await screen.findByRole('dialog', { name: M.edit });
    expect(within(edit).getByRole('button', { name: M.room(2) })).toHaveAttribute('aria-pressed', 'true');
    expect(within(edit).getByRole('button', { name: M.room(1) })).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(edit).getByRole('button', { name: M.room(2) }));
    await user.click(within(edit).getByRole('button', { name: M.save }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0].url).toBe('/api/allenamenti/1');
    const { id: _id, ...rest } = ESORDIENTI;
    expect(JSON.parse(writes('PUT')[0].body)).toEqual({ ...rest, spogliatoi: [3] });
    expect(await screen.findByText(M.updated)).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.edit })).toBeNull());
    await user.click(await screen.findByRole('button', { name: /^Campo Comunale, mercoledì: 18:00-19:30/ }));
    await user.click(within(await screen.findByRole('dialog', { name: M.edit })).getByRole('button', { name: M.delete }));
    const confirm = await screen.findByRole('dialog', { name: M.deleteTitle });
    expect(confirm).toHaveTextContent('Esordienti, mercoledì 18:00-19:30, Campo Comunale');
    expect(writes('DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: M.deleteConfirm }));
    await waitFor(() => expect(writes('DELETE')).toHaveLength(1));
    expect(writes('DELETE')[0].url).toBe('/api/allenamenti/1');
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
  });

  it('a reader sees the grid without any editing control', async () => {
    series = [ESORDIENTI, PULCINI];
    renderAs('reader');
    const grid = await screen.findByTestId('allenamenti-grid');
    expect(within(day('Campo Comunale', 'mercoledì')).getByRole('listitem')).toHaveTextContent('Esordienti');
    expect(within(grid).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: M.add })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Nuovo allenamento/ })).toBeNull();
  });

  it("a reader's empty screen does not point at a button it does not have", async () => {
    series = [];
    renderAs('reader');
    expect(await screen.findByText(M.emptyReader)).toBeInTheDocument();
    expect(screen.queryByText(M.empty)).toBeNull();
    expect(screen.queryByRole('button', { name: M.add })).toBeNull();
  });
});
