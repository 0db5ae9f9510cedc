// 'Trova uno slot' in the 'Rinvia' dialog (docs/trainings.md, slot finder; docs/matches.md, status): for one
// match, the slot chosen fills the new date, the dialog says what will be applied, and the postponement
// sends the whole slot (start, end, pitch, rooms) in the same request; the toast can open the match.
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { sanitizePartite, type Partita } from '../../../common/matches/read';
import { STATUS_MSG } from '../../../common/status/rules';
import { SLOT_MSG } from '../../../common/trainings/messages';
import type { Slot } from '../../../common/occupancy/slots';
import { slotDaysOf } from '../../../test/slots';
import { renderWithProviders, signedInStore, withStandInServer } from '../../../test/render';
import { matchesApi } from './matchesApi';
import StatusActions from './StatusActions';

const TODAY = '2099-05-01';
const raw = (over: Record<string, unknown>) => ({
  id: 1, data: '2099-05-02', ora: '10:00:00', ora_fine: '11:30:00', squadracasa: 'Garibaldina 2013', squadratrasferta: 'Aquile', gruppo: 'Pulcini',
  campo: 'Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: null, tipo_gara: 'campionato',
  stato: 'programmata', motivo_stato: null, ...over,
});
const partite: Partita[] = sanitizePartite([raw({ id: 1 }), raw({ id: 2, data: '2099-05-03', squadratrasferta: 'Falchi', gruppo: 'Esordienti' })]);
const SLOTS: Slot[] = [
  { data: '2099-05-09', ora: '15:00', oraFine: '16:30', campo: 'Campo Nord', spogliatoi: [3, 4] },
  { data: '2099-05-10', ora: '09:00', oraFine: '10:30', campo: 'Comunale', spogliatoi: [1, 2] },
];

const server = withStandInServer((req) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/api/slot-liberi') return { status: 200, body: { data: slotDaysOf(SLOTS) } };
  if (url.pathname === '/api/partite/stato') return { status: 200, body: { operazione: 'op-1', aggiornate: JSON.parse(req.body).ids.length } };
  return { status: 200, body: { data: [] } };
});

function Bar({ initial }: { initial: number[] }) {
  const [selected, setSelected] = useState<Set<number>>(new Set(initial));
  return <StatusActions visibleIds={partite.map((p) => p.id)} selected={selected} onSelect={setSelected} today={TODAY} />;
}
/** Where 'Apri la partita' leads (the edit screen's route). */
function EditProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="edit-route">{`${pathname}${search}`}</p>;
}
const open = (initial: number[]) => {
  const store = signedInStore('editor');
  store.dispatch(matchesApi.util.upsertQueryData('getPartite', TODAY, partite));
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<Bar initial={initial} />} />
      <Route path="/modifica-partita/:id" element={<EditProbe />} />
    </Routes>,
    { store },
  );
};
const slotQueries = () => server.requests.filter((r) => r.url.startsWith('/api/slot-liberi')).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
const posts = () => server.requests.filter((r) => r.method === 'POST' && r.url === '/api/partite/stato').map((r) => JSON.parse(r.body) as unknown);
/** The date a picker shows, from its sections (gg, mm, aaaa). */
const pickerDate = (group: HTMLElement) => within(group).getAllByRole('spinbutton').map((s) => s.textContent).join('/');

describe("'Trova uno slot' in the 'Rinvia' dialog", () => {
  it('one match: the slot chosen fills the new date, the dialog says the whole slot, the request carries it', async () => {
    const user = userEvent.setup();
    open([1]);
    await user.click(await screen.findByRole('button', { name: STATUS_MSG.actions.rinvia }));
    const dialog = await screen.findByRole('dialog', { name: STATUS_MSG.confirmTitle.rinvia(1) });
    const date = within(dialog).getByRole('group', { name: STATUS_MSG.nuovaDataLabel });
    expect(pickerDate(date)).not.toBe('09/05/2099');

    await user.click(within(dialog).getByRole('button', { name: SLOT_MSG.find }));
    const finder = await screen.findByRole('dialog', { name: SLOT_MSG.title });
    const items = await within(finder).findAllByTestId('slot-item');
    expect(items).toHaveLength(2);
    // The match being postponed: its category, left out of the check; from the day after its date.
    expect(slotQueries()).toEqual([{ gruppo: 'Pulcini', partita: '1', dal: '2099-05-03', al: '2099-06-02' }]);
    await user.click(within(items[0]).getByRole('button', { name: SLOT_MSG.choose }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SLOT_MSG.title })).toBeNull());

    expect(pickerDate(date)).toBe('09/05/2099');
    expect(within(dialog).getByTestId('rinvia-slot-note')).toHaveTextContent(
      STATUS_MSG.slotApplied('Sabato 9 maggio, 15:00-16:30, Campo Nord, spogliatoi 3 e 4'),
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: SLOT_MSG.find })).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: STATUS_MSG.confirmButton.rinvia(1) }));
    expect(await screen.findByText(STATUS_MSG.updated(1))).toBeInTheDocument();
    expect(posts()).toEqual([
      { ids: [1], azione: 'rinvia', motivo: null, nuovaData: '2099-05-09', ora: '15:00', oraFine: '16:30', campo: 'Campo Nord', spogliatoioGari: 3, spogliatoioOspiti: 4 },
    ]);

    // The toast opens the match as it now is (no values to carry over any more).
    const link = screen.getByRole('link', { name: SLOT_MSG.openMatch });
    expect(link).toHaveAttribute('href', '/modifica-partita/1');
    await user.click(link);
    expect(await screen.findByTestId('edit-route')).toHaveTextContent(/^\/modifica-partita\/1$/);
  });

  it('a date typed over the chosen slot drops the note and the link', async () => {
    const user = userEvent.setup();
    open([1]);
    await user.click(await screen.findByRole('button', { name: STATUS_MSG.actions.rinvia }));
    const dialog = await screen.findByRole('dialog', { name: STATUS_MSG.confirmTitle.rinvia(1) });
    await user.click(within(dialog).getByRole('button', { name: SLOT_MSG.find }));
    const finder = await screen.findByRole('dialog', { name: SLOT_MSG.title });
    await user.click(within((await within(finder).findAllByTestId('slot-item'))[1]).getByRole('button', { name: SLOT_MSG.choose }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SLOT_MSG.title })).toBeNull());
    expect(within(dialog).getByTestId('rinvia-slot-note')).toBeInTheDocument();

    const date = within(dialog).getByRole('group', { name: STATUS_MSG.nuovaDataLabel });
    await user.click(within(date).getAllByRole('spinbutton')[0]);
    await user.keyboard('20052099');
    await waitFor(() => expect(pickerDate(date)).toBe('20/05/2099'));
    expect(within(dialog).queryByTestId('rinvia-slot-note')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: STATUS_MSG.confirmButton.rinvia(1) }));
    expect(await screen.findByText(STATUS_MSG.updated(1))).toBeInTheDocument();
    expect(posts()).toEqual([{ ids: [1], azione: 'rinvia', motivo: null, nuovaData: '2099-05-20' }]);
    expect(screen.queryByRole('link', { name: SLOT_MSG.openMatch })).toBeNull();
  });

  it('several matches, or another action: no slot finder', async () => {
    const user = userEvent.setup();
    open([1, 2]);
    await user.click(await screen.findByRole('button', { name: STATUS_MSG.actions.rinvia }));
    const dialog = await screen.findByRole('dialog', { name: STATUS_MSG.confirmTitle.rinvia(2) });
    expect(within(dialog).queryByRole('button', { name: SLOT_MSG.find })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: STATUS_MSG.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: STATUS_MSG.actions.sospendi }));
    expect(within(await screen.findByRole('dialog')).queryByRole('button', { name: SLOT_MSG.find })).toBeNull();
  });
});
