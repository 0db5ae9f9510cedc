import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, setTestApiOrigin, signedInStore, withStandInServer } from '../../../test/render';
import { editScreenSections } from '../../../test/edit-screen';
import { MSG } from '../../../common/core/messages';
import { SLOT_MSG } from '../../../common/trainings/messages';
import { todayIn } from '../../../common/core/dates';
import type { Slot } from '../../../common/occupancy/slots';
import { slotDaysOf } from '../../../test/slots';
import { editMatchWithSlot, readSlotPrefill } from '../../config/slotPrefill';
import EditMatchPage from './EditMatchPage';

// The edit screen tells a read that failed (no connection) from a match that is not there (docs/matches.md, reading matches).
describe('the edit screen when its match cannot be read', () => {
  const server = withStandInServer(() => ({ status: 404, body: { error: MSG.match.notFound } }));

  const open = () => {
    const store = signedInStore('editor');
    return renderWithProviders(
      <Routes>
        <Route path="/modifica-partita/:id" element={<EditMatchPage />} />
      </Routes>,
      { store, route: '/modifica-partita/7' },
    );
  };

  it("a missing match: 'Partita non trovata!'", async () => {
    setTestApiOrigin(server.origin);
    open();
    expect(await screen.findByText(MSG.match.loadNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG.screens.retry })).toBeNull();
  });

  it('no connection: the connection message and a retry, never "not found"', async () => {
    // Nothing listens on port 9 of this machine: the request fails as without a network.
    setTestApiOrigin('http://127.0.0.1:9');
    open();
    expect(await screen.findByText(MSG.http.network, undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.screens.retry })).toBeInTheDocument();
    expect(screen.queryByText(MSG.match.loadNotFound)).toBeNull();
  }, 30_000);
});

// 'Trova uno slot' by the date and times of the edit form (docs/trainings.md, slot finder): the slot chosen
// fills date, start, end, pitch and rooms of a home match, date and times of an away one; the save sends them.
describe('the edit screen finds a free slot', () => {
  const TZ = 'Europe/Rome';
  const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: TZ };
  const DAY = dayjs(todayIn(TZ)).add(10, 'day').format('YYYY-MM-DD');
  const HOME = {
    id: 7, data: DAY, ora: '10:00:00', ora_fine: '11:30:00', squadracasa: 'Garibaldina 2013', squadratrasferta: 'Aquile', gruppo: 'Pulcini',
    campo: 'Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: null, tipo_gara: 'campionato', stato: 'programmata', motivo_stato: null,
  };
  const AWAY = { ...HOME, id: 8, squadracasa: 'Virtus', squadratrasferta: 'Garibaldina 2013', campo: 'Stadio Lontano', is_house_match: false, ora_fine: null, spogliatoio_gari: null, spogliatoio_ospiti: null };
  const SLOTS: Slot[] = [
    { data: '2099-05-09', ora: '15:00', oraFine: '16:30', campo: 'Campo Nord', spogliatoi: [3, 4] },
    { data: '2099-05-10', ora: '09:15', oraFine: '10:45', campo: 'Comunale', spogliatoi: [5, 6] },
  ];
  const AWAY_SLOTS: Slot[] = [{ data: '2099-05-16', ora: '17:30', oraFine: '19:00', campo: 'Stadio Lontano', spogliatoi: [] }];
  const server = withStandInServer((req) => {
    const url = new URL(req.url, 'http://x');
    const match = /^\/api\/partite\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/api/config') return { status: 200, body: CONFIG };
    if (url.pathname === '/api/gruppi') return { status: 200, body: { data: [{ id: 1, name: 'Pulcini', created_at: '2026-09-01T10:00:00Z', components: [] }], count: 1 } };
    if (url.pathname === '/api/slot-liberi') return { status: 200, body: { data: slotDaysOf(url.searchParams.get('casa') === '0' ? AWAY_SLOTS : SLOTS) } };
    if (url.pathname === '/api/partite/conflitti') return { status: 200, body: { conflitti: [] } };
    if (match && req.method === 'GET') return { status: 200, body: { data: match[1] === '8' ? AWAY : HOME } };
    if (match && req.method === 'PUT') return { status: 200, body: { data: HOME } };
    const section = editScreenSections(req.method, url.pathname, [HOME, AWAY]);
    if (section) return section;
    return { status: 200, body: { data: [] } };
  });

  const open = (route: string) =>
    renderWithProviders(
      <Routes>
        <Route path="/modifica-partita/:id" element={<EditMatchPage />} />
      </Routes>,
      { store: signedInStore('editor'), route },
    );
  const slotQueries = () => server.requests.filter((r) => r.url.startsWith('/api/slot-liberi')).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
  const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body) as Record<string, unknown>);
  /** A picker's value as the form holds it (gg/mm/aaaa, hh:mm). */
  const picker = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!.value;
  const choose = async (user: ReturnType<typeof userEvent.setup>, index: number) => {
    await user.click(await screen.findByRole('button', { name: SLOT_MSG.find }));
    const finder = await screen.findByRole('dialog', { name: SLOT_MSG.title });
    const items = await within(finder).findAllByTestId('slot-item');
    await user.click(within(items[index]).getByRole('button', { name: SLOT_MSG.choose }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  };

  it('a home match: the slot fills date, times, pitch and both rooms, and they are saved', async () => {
    const user = userEvent.setup();
    open('/modifica-partita/7');
    await screen.findByRole('heading', { name: MSG.match.editTitle });
    expect(picker('data')).toBe(dayjs(DAY).format('DD/MM/YYYY'));
    await choose(user, 1);
    // The match's category, home, its length, left out of its own check; from its date.
    expect(slotQueries()).toEqual([{ gruppo: 'Pulcini', casa: '1', durata: '90', partita: '7', dal: DAY, al: dayjs(DAY).add(30, 'day').format('YYYY-MM-DD') }]);

    expect(picker('data')).toBe('10/05/2099');
    expect(picker('ora')).toBe('09:15');
    expect(picker('oraFine')).toBe('10:45');
    expect(screen.getByRole('combobox', { name: MSG.match.labels.campo })).toHaveValue('Comunale');
    expect(screen.getByRole('combobox', { name: MSG.match.roomClub })).toHaveTextContent('5');
    expect(screen.getByRole('combobox', { name: MSG.match.roomGuests })).toHaveTextContent('6');
    await waitFor(() => expect(screen.getByRole('button', { name: SLOT_MSG.find })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: MSG.match.saveChanges }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ data: '2099-05-10', ora: '09:15', oraFine: '10:45', campo: 'Comunale', isHouseMatch: true, spogliatoioGari: 5, spogliatoioOspiti: 6 });
  });

  it('an away match: the slot fills date and times; pitch kept, no rooms', async () => {
    const user = userEvent.setup();
    open('/modifica-partita/8');
    await screen.findByRole('heading', { name: MSG.match.editTitle });
    await choose(user, 0);
    expect(slotQueries()).toEqual([{ gruppo: 'Pulcini', casa: '0', campo: 'Stadio Lontano', partita: '8', dal: DAY, al: dayjs(DAY).add(30, 'day').format('YYYY-MM-DD') }]);
    expect(picker('data')).toBe('16/05/2099');
    expect(picker('ora')).toBe('17:30');
    expect(screen.getByRole('combobox', { name: MSG.match.labels.campo })).toHaveValue('Stadio Lontano');
    await user.click(screen.getByRole('button', { name: MSG.match.saveChanges }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ data: '2099-05-16', ora: '17:30', oraFine: null, campo: 'Stadio Lontano', isHouseMatch: false, spogliatoioGari: null, spogliatoioOspiti: null });
  });

  it("opened with a slot's values (the 'Rinvia' dialog's link): the form has them and says so", async () => {
    const user = userEvent.setup();
    open(editMatchWithSlot('7', SLOTS[0]));
    await screen.findByRole('heading', { name: MSG.match.editTitle });
    expect(screen.getByText(SLOT_MSG.prefilled)).toBeInTheDocument();
    expect(picker('data')).toBe('09/05/2099');
    expect(picker('ora')).toBe('15:00');
    expect(picker('oraFine')).toBe('16:30');
    expect(screen.getByRole('combobox', { name: MSG.match.labels.campo })).toHaveValue('Campo Nord');
    await user.click(screen.getByRole('button', { name: MSG.match.saveChanges }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ data: '2099-05-09', ora: '15:00', oraFine: '16:30', campo: 'Campo Nord', spogliatoioGari: 3, spogliatoioOspiti: 4 });
  });

  it('the prefill parameters: only well-formed values are read', () => {
    expect(readSlotPrefill('?data=2099-13-01&ora=25:00&spogliatoi=a')).toBeNull();
    expect(readSlotPrefill('?data=2099-05-09&spogliatoi=3,4')).toEqual({ data: '2099-05-09', spogliatoi: [3, 4] });
  });
});
