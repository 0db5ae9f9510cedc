import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signedInStore, withStandInServer } from '../../../test/render';
import { CLASH_MSG as M } from '../../../common/occupancy/rules';
import { ALLENAMENTI_MSG as A } from '../../../common/trainings/messages';
import type { Occupancy, OccupancyMatch, OccupancyTraining } from '../../../common/occupancy/types';
import type { Role } from '../../../common/users/roles';
import { api, listTag } from '../../api/api';
import OccupancyPage from './OccupancyPage';

// The occupancy board with trainings (docs/occupancy.md, docs/trainings.md): each training date
// in its pitch's and rooms' columns beside the matches, laid out with them, and skipped from here.

const DAY = '2026-11-25'; // a Wednesday

const MATCH: OccupancyMatch = {
  id: 10,
  data: DAY,
  ora: '17:00',
  ora_fine: '18:30',
  squadracasa: 'Garibaldina 2014',
  squadratrasferta: 'Rivale',
  gruppo: 'Allievi',
  campo: 'Campo Comunale',
  is_house_match: true,
  spogliatoio_gari: 1,
  spogliatoio_ospiti: 2,
  terreno: null,
  tipo_gara: 'campionato',
  conflitti: [{ id: 5, motivo: 'allenamento', messaggio: 'Allenamento Esordienti 18:00-19:30 su Campo Comunale' }],
};
/** Overlaps the match on its pitch (18:00-18:30) and shares room 2. */
const ESORDIENTI: OccupancyTraining = {
  id: 5,
  data: DAY,
  gruppo: 'Esordienti',
  campo: 'Campo Comunale',
  oraInizio: '18:00',
  oraFine: '19:30',
  spogliatoi: [2, 3],
  conflitti: [{ id: 10, motivo: 'campo', messaggio: 'Campo già occupato dalle 17:00 alle 18:30 da Garibaldina 2014 - Rivale' }],
};
/** Alone on its pitch. */
const PULCINI: OccupancyTraining = { id: 6, data: DAY, gruppo: 'Pulcini', campo: 'Campo B', oraInizio: '17:00', oraFine: '18:00', spogliatoi: [], conflitti: [] };

describe('Occupazione campi: trainings', () => {
  let partite: OccupancyMatch[] = [];
  let allenamenti: OccupancyTraining[] = [];
  /** The next answer to POST /salta (then 200, and the date leaves the board). */
  let saltaAnswer: { status: number; body?: unknown } | null = null;
  const server = withStandInServer((req) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/occupazione') {
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      const within = (d: string) => d >= from && d <= to;
      const data: Occupancy = { from, to, margin: 15, partite: partite.filter((m) => within(m.data)), allenamenti: allenamenti.filter((t) => within(t.data)) };
      return { status: 200, body: { data } };
    }
    const salta = /^\/api\/allenamenti\/(\d+)\/salta$/.exec(url.pathname);
    if (req.method === 'POST' && salta) {
      if (saltaAnswer) return saltaAnswer;
      const { data } = JSON.parse(req.body) as { data: string };
      allenamenti = allenamenti.filter((t) => !(t.id === Number(salta[1]) && t.data === data));
      return { status: 200, body: { data: { id: Number(salta[1]) } } };
    }
    return { status: 404, body: { error: 'Risorsa non trovata' } };
  });
  beforeEach(() => {
    partite = [MATCH];
    allenamenti = [ESORDIENTI, PULCINI];
    saltaAnswer = null;
  });

  const renderAs = (role: Role, route = `/occupazione?data=${DAY}`) => renderWithProviders(<OccupancyPage />, { store: signedInStore(role), route });
  const boardReads = () => server.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/occupazione'));
  /** The day's column headed `label`. */
  const column = (label: string) => {
    const found = screen.getAllByTestId('occupancy-column').find((c) => c.firstElementChild?.textContent === label);
    if (!found) throw new Error(`no column ${label}`);
    return found;
  };
  const trainingsIn = (el: HTMLElement) => within(el).queryAllByTestId('occupancy-training');
  const training = (el: HTMLElement, id: number) => {
    const found = trainingsIn(el).find((b) => b.getAttribute('data-training-id') === String(id));
    if (!found) throw new Error(`no training ${id}`);
    return found;
  };

  it("shows each training in its pitch's column and its rooms' columns, with its times, the label and the category", async () => {
    renderAs('editor');
    await screen.findByTestId('occupancy-day');
    expect(screen.getAllByTestId('occupancy-column').map((c) => c.firstElementChild?.textContent)).toEqual([
      'Campo B',
      'Campo Comunale',
      M.boardRoom(1),
      M.boardRoom(2),
      M.boardRoom(3),
    ]);
    // Pulcini: alone on Campo B, no rooms.
    const pulcini = training(column('Campo B'), 6);
    expect(pulcini).toHaveTextContent('17:00-18:00');
    expect(within(pulcini).getByTestId('occupancy-training-label')).toHaveTextContent(M.boardTraining);
    expect(within(pulcini).getByTestId('occupancy-training-name')).toHaveTextContent('Pulcini');
    expect(pulcini).toHaveAttribute('data-clash', 'false');
    expect(trainingsIn(column('Campo B'))).toHaveLength(1);
    expect(within(column('Campo B')).queryAllByTestId('occupancy-block')).toHaveLength(0);
    // Esordienti: on Campo Comunale and rooms 2 and 3, not in room 1 nor on Campo B.
    for (const label of ['Campo Comunale', M.boardRoom(2), M.boardRoom(3)]) expect(training(column(label), 5)).toHaveTextContent(/18:00-19:30.*Esordienti/);
    expect(trainingsIn(column(M.boardRoom(1)))).toHaveLength(0);
    // Its pitch clash outlined like a match's, told in its name and tooltip; the heading counts both blocks.
    const esordienti = training(column('Campo Comunale'), 5);
    expect(esordienti).toHaveAttribute('data-clash', 'true');
    expect(esordienti).toHaveAccessibleName(`${M.boardTrainingLabel('18:00-19:30', 'Esordienti', 'Campo Comunale', A.rooms([2, 3]))}: ${ESORDIENTI.conflitti[0].messaggio}`);
    expect(screen.getByText(M.boardClashes(2))).toBeInTheDocument();
    const user = userEvent.setup();
    await user.hover(esordienti);
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent(M.boardTrainingText('18:00-19:30', 'Esordienti'));
    expect(tip).toHaveTextContent(`Campo Comunale · ${A.rooms([2, 3])}`);
    expect(tip).toHaveTextContent(ESORDIENTI.conflitti[0].messaggio);
  });

  it("a match with more clashes than the board lists: its first ones, then 'e altre N sovrapposizioni', in its name and tooltip", async () => {
    partite = [{ ...MATCH, altre: 7 }];
    renderAs('editor');
    await screen.findByTestId('occupancy-day');
    const match = within(column('Campo Comunale')).getByTestId('occupancy-block');
    expect(match).toHaveAccessibleName(`17:00-18:30 Garibaldina 2014 - Rivale (Allievi): ${MATCH.conflitti[0].messaggio}\n${M.andMore(7)}`);
    await userEvent.setup().hover(match);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(`${MATCH.conflitti[0].messaggio} e altre 7 sovrapposizioni`);
  });

  it('lays a match and a training out together: overlapping they share the column, alone a block takes all of it', async () => {
    renderAs('editor');
    await screen.findByTestId('occupancy-day');
    const comunale = column('Campo Comunale');
    const match = within(comunale).getByTestId('occupancy-block');
    const esordienti = training(comunale, 5);
    expect([match.style.left, match.style.width]).toEqual(['calc(0% + 2px)', 'calc(50% - 4px)']);
    expect([esordienti.style.left, esordienti.style.width]).toEqual(['calc(50% + 2px)', 'calc(50% - 4px)']);
    // Room 3 holds the training alone, Campo B the other training alone: the whole width.
    for (const b of [training(column(M.boardRoom(3)), 5), training(column('Campo B'), 6)]) expect([b.style.left, b.style.width]).toEqual(['calc(0% + 2px)', 'calc(100% - 4px)']);
    // 18:00 is an hour below 17:00 (60 px an hour), and 90 minutes are 90 px.
    expect(Number.parseFloat(esordienti.style.top) - Number.parseFloat(match.style.top)).toBe(60);
    expect(esordienti.style.height).toBe('90px');
  });

  it("'Salta questo allenamento' asks naming the series and the date, posts the date, and the block leaves after the refetch", async () => {
    renderAs('editor');
    await screen.findByTestId('occupancy-day');
    const user = userEvent.setup();
    await user.click(training(column('Campo B'), 6));
    await user.click(await screen.findByRole('menuitem', { name: A.skip }));
    const dialog = await screen.findByRole('dialog', { name: A.skipTitle });
    expect(dialog).toHaveTextContent(A.skipText('Pulcini, mercoledì 17:00-18:00, Campo B', 'mercoledì 25 novembre 2026'));
    const reads = boardReads().length;
    await user.click(within(dialog).getByRole('button', { name: A.skipConfirm }));
    expect(await screen.findByText(A.skipped)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([expect.objectContaining({ url: '/api/allenamenti/6/salta', body: JSON.stringify({ data: DAY }) })]);
    // The board asked again (the 'Training' tag) and the date is gone; the other training stays.
    await waitFor(() => expect(screen.queryAllByTestId('occupancy-training').filter((b) => b.getAttribute('data-training-id') === '6')).toHaveLength(0));
    expect(boardReads().length).toBeGreaterThan(reads);
    expect(screen.getAllByTestId('occupancy-column').map((c) => c.firstElementChild?.textContent)).not.toContain('Campo B');
    expect(training(column('Campo Comunale'), 5)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the reason when the server refuses, and cancelling posts nothing', async () => {
    saltaAnswer = { status: 400, body: { error: A.invalid.nonInCalendario } };
    renderAs('editor');
    await screen.findByTestId('occupancy-day');
    const user = userEvent.setup();
    await user.click(training(column('Campo Comunale'), 5));
    await user.click(await screen.findByRole('menuitem', { name: A.skip }));
    let dialog = await screen.findByRole('dialog', { name: A.skipTitle });
    await user.click(within(dialog).getByRole('button', { name: A.skipConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(A.invalid.nonInCalendario);
    expect(training(column('Campo Comunale'), 5)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: A.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = server.requests.filter((r) => r.method === 'POST').length;
    await user.click(training(column('Campo Comunale'), 5));
    await user.click(await screen.findByRole('menuitem', { name: A.skip }));
    dialog = await screen.findByRole('dialog', { name: A.skipTitle });
    // A new question: the earlier refusal is not shown again.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: A.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(posts);
  });

  it('reads the board again when a training changes elsewhere (the training screen invalidates the same tag)', async () => {
    const { store } = renderAs('editor');
    await screen.findByTestId('occupancy-day');
    const reads = boardReads().length;
    allenamenti = [ESORDIENTI];
    store.dispatch(api.util.invalidateTags([listTag('Training')]));
    await waitFor(() => expect(screen.getAllByTestId('occupancy-training').some((b) => b.getAttribute('data-training-id') === '6')).toBe(false));
    expect(boardReads().length).toBe(reads + 1);
  });

  it('shows a day with trainings only as a board, and says an empty day or week has neither matches nor trainings', async () => {
    partite = [];
    allenamenti = [PULCINI];
    const { unmount } = renderAs('editor');
    expect(training(await screen.findByTestId('occupancy-day'), 6)).toBeInTheDocument();
    unmount();

    allenamenti = [];
    const empty = renderAs('editor');
    expect(await screen.findByText(M.boardEmptyDayWithTrainings)).toBeInTheDocument();
    empty.unmount();
    renderAs('editor', `/occupazione?data=${DAY}&vista=settimana`);
    expect(await screen.findByText(M.boardEmptyWithTrainings)).toBeInTheDocument();
    expect(screen.queryByTestId('occupancy-week')).toBeNull();
  });

  it('lists the trainings in their day of the week, beside the matches by start time, and offers the skip there too', async () => {
    allenamenti = [ESORDIENTI, PULCINI, { ...PULCINI, data: '2026-11-27', oraInizio: '16:00', oraFine: '17:00' }];
    renderAs('editor', `/occupazione?data=${DAY}&vista=settimana`);
    await screen.findByTestId('occupancy-week');
    const day = (iso: string) => screen.getAllByTestId('occupancy-week-day').find((d) => d.getAttribute('data-date') === iso)!;
    const wednesday = day(DAY);
    // 17:00 match, 17:00 Pulcini, 18:00 Esordienti.
    expect([...wednesday.querySelectorAll('[data-testid="occupancy-block"], [data-testid="occupancy-training"]')].map((b) => b.textContent)).toEqual([
      expect.stringContaining('Garibaldina 2014 - Rivale'),
      expect.stringMatching(/^17:00-18:00 Allenamento · Campo BPulcini$/),
      expect.stringMatching(/^18:00-19:30 Allenamento · Campo ComunaleEsordienti$/),
    ]);
    expect(trainingsIn(day('2026-11-27')).map((b) => b.textContent)).toEqual(['16:00-17:00 Allenamento · Campo BPulcini']);
    expect(trainingsIn(day('2026-11-26'))).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(training(day('2026-11-27'), 6));
    await user.click(await screen.findByRole('menuitem', { name: A.skip }));
    const dialog = await screen.findByRole('dialog', { name: A.skipTitle });
    expect(dialog).toHaveTextContent('venerdì 27 novembre 2026');
    await user.click(within(dialog).getByRole('button', { name: A.skipConfirm }));
    await waitFor(() => expect(trainingsIn(day('2026-11-27'))).toHaveLength(0));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toBe(JSON.stringify({ data: '2026-11-27' }));
    expect(trainingsIn(day(DAY))).toHaveLength(2);
  });

  it('offers a reader no action on a training (the board is for editors; the server refuses the skip too)', async () => {
    renderAs('reader');
    await screen.findByTestId('occupancy-day');
    const pulcini = training(column('Campo B'), 6);
    expect(pulcini.tagName).not.toBe('BUTTON');
    expect(pulcini).not.toHaveAttribute('aria-haspopup');
    await userEvent.setup().click(pulcini);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
