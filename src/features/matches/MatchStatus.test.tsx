// docs/matches.md (status): a match's status on its card (public and signed-in dashboards share MatchCard), read
// through the SPA's sanitiser like the server's answer.
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sanitizePartite, type Partita } from '../../../common/matches/read';
import { STATO_COLORS } from '../../../common/status/labels';
import { STATUS_MSG } from '../../../common/status/rules';
import { renderWithProviders, signedInStore, withStandInServer } from '../../../test/render';
import { MatchCard } from './MatchCard';
import { matchesApi } from './matchesApi';
import StatusActions from './StatusActions';

const raw = (over: Record<string, unknown>) => ({
  id: 1, data: '2099-05-01', ora: '10:00:00', ora_fine: null, squadracasa: 'Lupi', squadratrasferta: 'Aquile', gruppo: 'Allievi',
  campo: 'Comunale', is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: null, tipo_gara: 'campionato',
  stato: 'programmata', motivo_stato: null, ...over,
});

describe('status on the match card', () => {
  it('a cancelled match: red Annullata badge, teams struck through, the reason shown', async () => {
    const [p] = sanitizePartite([raw({ stato: 'annullata', motivo_stato: 'Campo <b>allagato</b>' })]);
    expect(p).toMatchObject({ stato: 'annullata', motivo_stato: 'Campo ballagato/b' });
    render(<MatchCard partita={p} />);
    const card = screen.getByTestId('match-card');
    expect(card).toHaveAttribute('data-stato', 'annullata');
    const badge = await within(card).findByTestId('match-status');
    expect(badge).toHaveTextContent('Annullata');
    expect(badge).toHaveStyle({ backgroundColor: STATO_COLORS.annullata.bg, color: STATO_COLORS.annullata.fg });
    const teams = within(card).getByText('Lupi').closest('p')!;
    expect(teams).toHaveStyle({ textDecoration: 'line-through' });
    expect(await within(card).findByText('Motivo: Campo ballagato/b')).toBeInTheDocument();
  });

  it('a postponed match: Rinviata badge, not struck through', async () => {
    render(<MatchCard partita={sanitizePartite([raw({ stato: 'rinviata' })])[0]} />);
    expect(await screen.findByTestId('match-status')).toHaveTextContent('Rinviata');
    expect(screen.getByText('Lupi').closest('p')!).not.toHaveStyle({ textDecoration: 'line-through' });
  });

  it('the two kinds of rinviata read as every output reads them (docs/matches.md, status)', async () => {
    const { unmount } = render(<MatchCard partita={sanitizePartite([raw({ stato: 'rinviata', data_da_definire: true })])[0]} />);
    expect(await screen.findByTestId('match-status')).toHaveTextContent('Rinviata - data da definire');
    unmount();
    // Moved to a new date: played there, so in programma's colours, with the date it had.
    render(<MatchCard partita={sanitizePartite([raw({ stato: 'rinviata', data_da_definire: false, data_originale: '2099-04-24' })])[0]} />);
    const badge = await screen.findByTestId('match-status');
    expect(badge).toHaveTextContent(/^Spostata dal 24\/04\/2099$/);
    expect(badge).toHaveStyle({ backgroundColor: STATO_COLORS.programmata.bg });
  });

  it("a sample card says 'Esempio', is greyed and cannot be opened", () => {
    const opened: number[] = [];
    render(<MatchCard partita={sanitizePartite([raw({})])[0]} sample onClick={() => opened.push(1)} />);
    const card = screen.getByTestId('match-card');
    expect(within(card).getByText('Esempio')).toBeInTheDocument();
    expect(card).toHaveAttribute('data-sample', 'true');
    expect(card).toHaveStyle({ opacity: '0.6' });
    expect(within(card).queryByRole('button')).toBeNull();
    within(card).getByText('Lupi').click();
    expect(opened).toEqual([]);
  });

  it('In programma (or an unknown status) shows no status badge', () => {
    render(<MatchCard partita={sanitizePartite([raw({ stato: 'boh' })])[0]} />);
    expect(screen.queryByTestId('match-status')).toBeNull();
    expect(screen.getByTestId('match-card')).toHaveAttribute('data-stato', 'programmata');
  });
});

// The bulk actions (docs/matches.md, status) are named by their result, and each dialog lists the matches it changes,
// closes with 'Annulla' changing nothing, and confirms with a red button naming the action and the count.
describe('the bulk status dialog says what it changes', () => {
  const TODAY = '2099-05-01';
  const OSPITI = ['Aquile', 'Falchi', 'Gufi', 'Lupi'];
  const partite: Partita[] = sanitizePartite(
    OSPITI.map((ospiti, i) => raw({ id: i + 1, data: `2099-05-0${i + 2}`, ora: `1${i}:30:00`, squadracasa: 'Garibaldina 2013', squadratrasferta: ospiti })),
  );
  const server = withStandInServer((req) =>
    req.url === '/api/partite/stato' ? { status: 200, body: { operazione: 'op-1', aggiornate: JSON.parse(req.body).ids.length } } : { status: 200, body: { data: [] } },
  );

  /** The bar as the dashboard holds it, with `initial` selected and the dashboard's list in the store. */
  function Bar({ initial }: { initial: number[] }) {
    const [selected, setSelected] = useState<Set<number>>(new Set(initial));
    return <StatusActions visibleIds={partite.map((p) => p.id)} selected={selected} onSelect={setSelected} today={TODAY} />;
  }
  const open = (initial: number[]) => {
    const store = signedInStore('editor');
    store.dispatch(matchesApi.util.upsertQueryData('getPartite', TODAY, partite));
    return renderWithProviders(<Bar initial={initial} />, { store });
  };
  const posts = () => server.requests.filter((r) => r.method === 'POST' && r.url === '/api/partite/stato');

  it("names the bar's actions by their result: no action is labelled 'Annulla'", async () => {
    open([1]);
    const bar = await screen.findByTestId('status-actions');
    const names = within(bar).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Rinvia', 'Sposta di N giorni', 'Segna come annullate', 'Sospendi', 'Ripristina']);
    for (const name of names) expect(name).not.toMatch(/^Annulla/);
  });

  it('nothing selected: only \'Seleziona tutte\', no count and no action buttons; they appear with the first selection', async () => {
    const user = userEvent.setup();
    open([]);
    const bar = await screen.findByTestId('status-actions');
    expect(within(bar).queryAllByRole('button')).toEqual([]);
    expect(within(bar).queryByRole('status')).toBeNull();
    await user.click(within(bar).getByRole('checkbox', { name: STATUS_MSG.selectAll }));
    const full = await screen.findByTestId('status-actions');
    expect(within(full).getAllByRole('button')).toHaveLength(5);
    expect(within(full).getByRole('status')).toHaveTextContent(STATUS_MSG.selected(partite.length));
    await user.click(within(full).getByRole('checkbox', { name: STATUS_MSG.selectAll }));
    await waitFor(() => expect(within(screen.getByTestId('status-actions')).queryAllByRole('button')).toEqual([]));
  });

  it("'Segna come annullate' lists the selected matches; 'Annulla' closes it and sends nothing; the red button cancels them", async () => {
    const user = userEvent.setup();
    open([1, 2, 4]);
    await user.click(await screen.findByRole('button', { name: 'Segna come annullate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Segnare come annullate 3 partite?' });
    const items = within(within(dialog).getByRole('list', { name: STATUS_MSG.affectedList })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '02/05/2099 10:30 Garibaldina 2013 - Aquile',
      '03/05/2099 11:30 Garibaldina 2013 - Falchi',
      '05/05/2099 13:30 Garibaldina 2013 - Lupi',
    ]);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Annulla', 'Segna 3 partite come annullate']);
    const confirm = within(dialog).getByRole('button', { name: 'Segna 3 partite come annullate' });
    // MUI paints through CSS variables jsdom does not resolve: the e2e test reads the colour itself.
    expect(confirm).toHaveClass('MuiButton-contained', 'MuiButton-colorError');

    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(STATUS_MSG.selected(3));

    await user.click(screen.getByRole('button', { name: 'Segna come annullate' }));
    await user.click(await screen.findByRole('button', { name: 'Segna 3 partite come annullate' }));
    expect(await screen.findByText(STATUS_MSG.updated(3))).toBeInTheDocument();
    expect(posts().map((r) => JSON.parse(r.body))).toEqual([{ ids: [1, 2, 4], azione: 'annulla', motivo: null }]);
  });

  it("'Sposta di N giorni' says the number chosen in the title and on the button", async () => {
    const user = userEvent.setup();
    open([3]);
    await user.click(await screen.findByRole('button', { name: 'Sposta di N giorni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Di quanti giorni spostare 1 partita?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('04/05/2099 12:30 Garibaldina 2013 - Gufi');
    await user.click(within(dialog).getByRole('button', { name: 'Sposta 1 partita' }));
    expect(within(dialog).getByText(STATUS_MSG.giorniRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('spinbutton', { name: new RegExp(STATUS_MSG.giorniLabel) }), '7');
    expect(screen.getByRole('dialog', { name: 'Spostare 1 partita di 7 giorni?' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Sposta 1 partita di 7 giorni' }));
    expect(await screen.findByText(STATUS_MSG.updated(1))).toBeInTheDocument();
    expect(posts().map((r) => JSON.parse(r.body))).toEqual([{ ids: [3], azione: 'sposta', giorni: 7, motivo: null }]);
  });

  it('a long selection scrolls inside the dialog, every match listed', async () => {
    const user = userEvent.setup();
    const many = sanitizePartite(Array.from({ length: 60 }, (_, i) => raw({ id: 100 + i, squadratrasferta: `Ospiti ${i + 1}` })));
    const store = signedInStore('editor');
    store.dispatch(matchesApi.util.upsertQueryData('getPartite', TODAY, many));
    function ManyBar() {
      const [selected, setSelected] = useState<Set<number>>(new Set(many.map((p) => p.id)));
      return <StatusActions visibleIds={many.map((p) => p.id)} selected={selected} onSelect={setSelected} today={TODAY} />;
    }
    renderWithProviders(<ManyBar />, { store });
    await user.click(await screen.findByRole('button', { name: 'Sospendi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sospendere 60 partite?' });
    const list = within(dialog).getByRole('list', { name: STATUS_MSG.affectedList });
    expect(within(list).getAllByRole('listitem')).toHaveLength(60);
    expect(list).toHaveStyle({ overflowY: 'auto', maxHeight: '220px' });
    expect(within(dialog).getByRole('button', { name: 'Sospendi 60 partite' })).toHaveClass('MuiButton-contained', 'MuiButton-colorError');
  });
});
