// 'Trova uno slot' (docs/trainings.md, slot finder) in jsdom with the real store, against a stand-in
// server answering GET /api/slot-liberi as server/features/occupancy/routes.ts does.
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { renderWithProviders, signedInStore, withStandInServer } from '../../test/render';
import { SLOT_MSG } from '../../common/trainings/messages';
import { todayIn } from '../../common/core/dates';
import type { Slot } from '../../common/occupancy/slots';
import { slotDaysOf } from '../../test/slots';
import type { SlotLiberiArgs } from '../api/slotsApi';
import { SlotFinder } from './SlotFinder';
import { describeSlot, slotDay } from './slotValues';

const SLOTS: Slot[] = [
  { data: '2099-11-28', ora: '10:00', oraFine: '11:30', campo: 'Comunale', spogliatoi: [3, 4] },
  { data: '2099-11-29', ora: '17:15', oraFine: '18:45', campo: 'Campo Nord', spogliatoi: [1, 2] },
];
/** Saturday: the earliest on two pitches, and two more start times under 'Altri orari'. */
const SATURDAY: Slot[] = [
  { data: '2099-11-28', ora: '09:00', oraFine: '10:30', campo: 'Comunale', spogliatoi: [1, 2] },
  { data: '2099-11-28', ora: '09:00', oraFine: '10:30', campo: 'Campo Nord', spogliatoi: [1, 2] },
  { data: '2099-11-28', ora: '09:15', oraFine: '10:45', campo: 'Comunale', spogliatoi: [1, 2] },
  { data: '2099-11-28', ora: '09:15', oraFine: '10:45', campo: 'Campo Nord', spogliatoi: [1, 2] },
];

let answer: { status: number; body: unknown };
const server = withStandInServer((req) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/api/slot-liberi') return answer;
  return { status: 404, body: { error: 'Risorsa non trovata' } };
});
beforeEach(() => {
  answer = { status: 200, body: { data: slotDaysOf(SLOTS) } };
});

const asked = () => server.requests.filter((r) => r.url.startsWith('/api/slot-liberi')).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));

function Host({ query }: { query: SlotLiberiArgs }) {
  const [chosen, setChosen] = useState<Slot[]>([]);
  return (
    <>
      <SlotFinder query={query} onChoose={(s) => setChosen((c) => [...c, s])} />
      <output data-testid="chosen">{JSON.stringify(chosen)}</output>
    </>
  );
}
const open = async (query: SlotLiberiArgs) => {
  const user = userEvent.setup();
  renderWithProviders(<Host query={query} />, { store: signedInStore('editor') });
  await user.click(screen.getByRole('button', { name: SLOT_MSG.find }));
  return { user, dialog: await screen.findByRole('dialog', { name: SLOT_MSG.title }) };
};

describe('the slot finder', () => {
  it('dates in Italian long form, the year only when it is not this one', () => {
    expect(slotDay('2026-11-28', '2026-06-01')).toBe('sabato 28 novembre');
    expect(slotDay('2027-01-02', '2026-12-20')).toBe('sabato 2 gennaio 2027');
    expect(describeSlot(SLOTS[0], '2099-01-01')).toBe('sabato 28 novembre, 10:00-11:30, Comunale, spogliatoi 3 e 4');
    expect(describeSlot({ data: '2099-11-28', ora: '10:00', oraFine: '11:30', campo: '', spogliatoi: [] }, '2099-01-01')).toBe('sabato 28 novembre, 10:00-11:30');
  });

  it("lists the server's slots, asks with the query and the period, and 'Scegli' hands the slot back and closes", async () => {
    const { user, dialog } = await open({ gruppo: 'Pulcini', durata: 90, casa: true, partita: 7 });
    const today = todayIn('Europe/Rome');
    const items = await within(dialog).findAllByTestId('slot-item');
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['sabato 28 novembre 2099', 'domenica 29 novembre 2099']);
    expect(items.map((li) => li.textContent)).toEqual(['10:00-11:30 · Comunale · spogliatoi 3 e 4Scegli', '17:15-18:45 · Campo Nord · spogliatoi 1 e 2Scegli']);
    expect(within(dialog).getByText(/2 giorni con slot liberi$/)).toHaveTextContent(
      `Pulcini, dal ${dayjs(today).format('DD/MM/YYYY')} al ${dayjs(today).add(30, 'day').format('DD/MM/YYYY')} · 2 giorni con slot liberi`,
    );
    // The query as the route takes it: from today, 30 days.
    expect(asked()).toEqual([{ gruppo: 'Pulcini', durata: '90', casa: '1', partita: '7', dal: today, al: dayjs(today).add(30, 'day').format('YYYY-MM-DD') }]);
    // Each 'Scegli' is described by its slot.
    const second = within(items[1]).getByRole('button', { name: SLOT_MSG.choose });
    expect(second).toHaveAccessibleDescription('domenica 29 novembre 2099 17:15-18:45 · Campo Nord · spogliatoi 1 e 2');
    // Days without more start times have no 'Altri orari'.
    expect(within(dialog).queryByRole('button', { name: /^Altri orari/ })).toBeNull();

    await user.click(second);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(screen.getByTestId('chosen').textContent!)).toEqual([SLOTS[1]]);
    await waitFor(() => expect(screen.getByRole('button', { name: SLOT_MSG.find })).toHaveFocus());
  });

  it("by day, the earliest slot per pitch; 'Altri orari' unfolds the day's other start times, which can be chosen", async () => {
    answer = { status: 200, body: { data: slotDaysOf([...SATURDAY, SLOTS[1]]) } };
    const { user, dialog } = await open({ gruppo: 'Pulcini' });
    const days = await within(dialog).findAllByTestId('slot-day');
    expect(days).toHaveLength(2);
    expect(within(days[0]).getAllByTestId('slot-item').map((li) => li.textContent)).toEqual([
      '09:00-10:30 · Comunale · spogliatoi 1 e 2Scegli',
      '09:00-10:30 · Campo Nord · spogliatoi 1 e 2Scegli',
    ]);
    const more = within(days[0]).getByRole('button', { name: SLOT_MSG.more(2) });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(days[0]).getByRole('button', { name: SLOT_MSG.fewer })).toHaveAttribute('aria-expanded', 'true');
    const others = within(within(days[0]).getByTestId('slot-more')).getAllByTestId('slot-item');
    expect(others.map((li) => li.textContent)).toEqual(['09:15-10:45 · Comunale · spogliatoi 1 e 2Scegli', '09:15-10:45 · Campo Nord · spogliatoi 1 e 2Scegli']);
    await user.click(within(others[1]).getByRole('button', { name: SLOT_MSG.choose }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(screen.getByTestId('chosen').textContent!)).toEqual([SATURDAY[3]]);
  });

  it("a match's date ahead is where the search starts; 'Chiudi' closes, chooses nothing and gives the focus back", async () => {
    const from = dayjs(todayIn('Europe/Rome')).add(40, 'day').format('YYYY-MM-DD');
    const { user, dialog } = await open({ gruppo: 'Allievi', dal: from });
    await within(dialog).findAllByTestId('slot-item');
    expect(asked()).toEqual([{ gruppo: 'Allievi', dal: from, al: dayjs(from).add(30, 'day').format('YYYY-MM-DD') }]);
    await user.click(within(dialog).getByRole('button', { name: SLOT_MSG.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('chosen')).toHaveTextContent('[]');
    await waitFor(() => expect(screen.getByRole('button', { name: SLOT_MSG.find })).toHaveFocus());
  });

  it("another period: 'Cerca' asks for it; an end before the start is refused without asking", async () => {
    const { user, dialog } = await open({ gruppo: 'Pulcini' });
    await within(dialog).findAllByTestId('slot-item');
    const start = dayjs(todayIn('Europe/Rome')).add(5, 'day');
    const typeDate = async (label: string, d: dayjs.Dayjs) => {
      const group = within(dialog).getByRole('group', { name: label });
      await user.click(within(group).getAllByRole('spinbutton')[0]);
      await user.keyboard(d.format('DDMMYYYY'));
    };
    await typeDate(SLOT_MSG.dal, start);
    await typeDate(SLOT_MSG.al, start.add(10, 'day'));
    await user.click(within(dialog).getByRole('button', { name: SLOT_MSG.search }));
    await waitFor(() => expect(asked()).toHaveLength(2));
    expect(asked()[1]).toEqual({ gruppo: 'Pulcini', dal: start.format('YYYY-MM-DD'), al: start.add(10, 'day').format('YYYY-MM-DD') });
    await within(dialog).findAllByTestId('slot-item');

    await typeDate(SLOT_MSG.al, start.subtract(1, 'day'));
    await user.click(within(dialog).getByRole('button', { name: SLOT_MSG.search }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SLOT_MSG.periodOrder);
    expect(asked()).toHaveLength(2);
    expect(within(dialog).queryByTestId('slot-item')).toBeNull();
  });

  it('no free slot: says so', async () => {
    answer = { status: 200, body: { data: [] } };
    const { dialog } = await open({ gruppo: 'Pulcini' });
    expect(await within(dialog).findByText(SLOT_MSG.none)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('slot-item')).toBeNull();
  });

  it("a refused search shows the server's reason; a failure the finder's message", async () => {
    answer = { status: 400, body: { error: SLOT_MSG.invalid.durata } };
    const first = await open({ gruppo: 'Pulcini', durata: 20 });
    expect(await within(first.dialog).findByText(SLOT_MSG.invalid.durata)).toBeInTheDocument();
    await first.user.click(within(first.dialog).getByRole('button', { name: SLOT_MSG.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A server error (retried by the base query, then given up).
    answer = { status: 500, body: { error: 'Errore interno del server' } };
    await first.user.click(screen.getByRole('button', { name: SLOT_MSG.find }));
    const dialog = await screen.findByRole('dialog', { name: SLOT_MSG.title });
    expect(within(dialog).getByText(SLOT_MSG.loading)).toBeInTheDocument();
    expect(await within(dialog).findByText(SLOT_MSG.error, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(dialog).queryByText('Errore interno del server')).toBeNull();
  }, 30_000);
});
