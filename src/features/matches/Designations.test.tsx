// docs/officials.md: the designations of the club's officials on the edit form (own save, 400 shown, 409
// confirmed with 'Salva comunque'), on the signed-in dashboard's cards (one read for the days shown) and in
// its 'Partite scoperte' panel ('Assegna' keeps the other roles; the match leaves the list).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, setTestApiOrigin, signedInStore } from '../../../test/render';
import { editScreenSections } from '../../../test/edit-screen';
import { CLASH_MSG } from '../../../common/occupancy/rules';
import { DIRIGENTI_MSG, RUOLO_LABELS } from '../../../common/officials/messages';
import type { Dirigente, DesignazioniView } from '../../../common/officials/rules';
import { todayIn } from '../../../common/core/dates';
import { MSG } from '../../../common/core/messages';
import { dayName, uncoveredDefaultEnd } from '../../../common/officials/window';
import { sanitizePartite } from '../../../common/matches/read';
import { startStandInServer, type StandInServer } from '../../../test/stand-in-server';
import EditMatchPage from './EditMatchPage';
import DashboardPage from './DashboardPage';
import { matchesApi } from './matchesApi';

const TZ = 'Europe/Rome';
const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: TZ };
const TODAY = todayIn(TZ);
const DAY = dayjs(TODAY).add(3, 'day').format('YYYY-MM-DD');
const MATCH = {
  id: 7, data: DAY, ora: '10:00:00', ora_fine: '11:30:00', squadracasa: 'Garibaldina 2013', squadratrasferta: 'Aquile', gruppo: 'Pulcini',
  campo: 'Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: null, tipo_gara: 'campionato', stato: 'programmata', motivo_stato: null,
};
/** The last day of the window as the stand-in server answers it. */
const FINO = '2026-12-06';
const OTHER = { ...MATCH, id: 8, ora: '15:00:00', ora_fine: '16:30:00', squadratrasferta: 'Falchi' };
const person = (id: number, nome: string, cognome: string, qualifiche: Dirigente['qualifiche']): Dirigente => ({ id, nome, cognome, email: `${nome}@x.it`, telefono: null, qualifiche, attivo: true, numeroTessera: null });
const ROSSI = person(1, 'Mario', 'Rossi', ['arbitro']);
const BIANCHI = person(2, 'Luca', 'Bianchi', ['accompagnatore', 'addetto_arbitro']);
const VERDI = person(3, 'Anna', 'Verdi', ['accompagnatore', 'addetto_arbitro']);
const PEOPLE = [ROSSI, BIANCHI, VERDI];
const view = (d: Partial<DesignazioniView>): DesignazioniView => ({ arbitro: null, accompagnatore: null, addettoArbitro: null, ...d });
const named = (p: Dirigente) => ({ id: p.id, nome: p.nome, cognome: p.cognome });

type Answer = { status: number; body?: unknown };
let putAnswer: (body: Record<string, unknown>) => Answer = () => ({ status: 200, body: { data: view({}) } });
let scoperte: unknown[] = [];
let server: StandInServer;

beforeAll(async () => {
  server = await startStandInServer((req) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/config') return { status: 200, body: CONFIG };
    if (url.pathname === '/api/gruppi') return { status: 200, body: { data: [{ id: 1, name: 'Pulcini', created_at: '2026-09-01T10:00:00Z', components: [] }], count: 1 } };
    if (url.pathname === '/api/partite/conflitti') return { status: 200, body: { conflitti: [] } };
    if (url.pathname === '/api/dirigenti') {
      const q = url.searchParams.get('qualifica') as Dirigente['qualifiche'][number];
      const data = PEOPLE.filter((p) => p.qualifiche.includes(q));
      return { status: 200, body: { data, count: data.length } };
    }
    if (url.pathname === '/api/partite/7' && req.method === 'GET') {
      // As the server answers (docs/officials.md): the designations beside the match, not inside it.
      return { status: 200, body: { data: MATCH, designazioni: view({ addettoArbitro: named(VERDI) }) } };
    }
    if (/^\/api\/partite\/\d+(\/designazioni)?$/.test(url.pathname) && req.method === 'PUT') return putAnswer(JSON.parse(req.body) as Record<string, unknown>);
    if (url.pathname === '/api/designazioni/scoperte') {
      // As the server answers (docs/officials.md): each candidate once, each match's busy people by id.
      const persone = PEOPLE.map(({ id, nome, cognome, qualifiche }) => ({ id, nome, cognome, qualifiche }));
      return { status: 200, body: { data: scoperte, persone, count: scoperte.length, fino: FINO } };
    }
    if (url.pathname === '/api/designazioni') {
      return { status: 200, body: { data: { 7: view({ arbitro: named(ROSSI), accompagnatore: named(BIANCHI) }), 8: view({}) } } };
    }
    const section = editScreenSections(req.method, url.pathname, [MATCH, OTHER]);
    if (section) return section;
    return { status: 200, body: { data: [] } };
  });
  setTestApiOrigin(server.origin);
});
afterAll(async () => {
  setTestApiOrigin(null);
  await server.close();
});
beforeEach(() => {
  server.requests.splice(0);
  putAnswer = () => ({ status: 200, body: { data: view({}) } });
  scoperte = [];
});

const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => ({ url: r.url, body: JSON.parse(r.body) as Record<string, unknown> }));

describe('the edit form’s designations', () => {
  const open = () =>
    renderWithProviders(
      <Routes>
        <Route path="/modifica-partita/:id" element={<EditMatchPage />} />
      </Routes>,
      { store: signedInStore('editor'), route: '/modifica-partita/7' },
    );
  const pick = async (user: ReturnType<typeof userEvent.setup>, ruolo: keyof typeof RUOLO_LABELS, name: string) => {
    const section = await screen.findByTestId('designazioni-section');
    const picker = within(section).getByRole('combobox', { name: RUOLO_LABELS[ruolo] });
    // Enabled once its people are read.
    await waitFor(() => expect(picker).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  };
  const saveButton = () => screen.getByRole('button', { name: MSG.match.saveChanges });
  const matchPuts = () => puts().filter((p) => p.url === '/api/partite/7');

  it('the pickers offer the qualified people; the one save sends the match with every role, and no other save exists', async () => {
    const user = userEvent.setup();
    open();
    const section = await screen.findByTestId('designazioni-section');
    // The stored designation is shown.
    await waitFor(() => expect(within(section).getByRole('combobox', { name: RUOLO_LABELS.addettoArbitro })).toHaveTextContent('Anna Verdi'));
    // Issue 32: the card has no save of its own.
    expect(screen.queryByRole('button', { name: /Salva designazioni/ })).toBeNull();
    // The referee's picker lists only the referees.
    const referee = within(section).getByRole('combobox', { name: RUOLO_LABELS.arbitro });
    await waitFor(() => expect(referee).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(referee);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([DIRIGENTI_MSG.none, 'Mario Rossi']);
    await user.click(screen.getByRole('option', { name: 'Mario Rossi' }));
    await pick(user, 'accompagnatore', 'Luca Bianchi');
    await pick(user, 'addettoArbitro', DIRIGENTI_MSG.none);
    await user.click(saveButton());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(matchPuts()).toHaveLength(1);
    expect(matchPuts()[0].body).toMatchObject({ squadraCasa: 'Garibaldina 2013', squadraTrasferta: 'Aquile', designazioni: { arbitro: 1, accompagnatore: 2, addettoArbitro: null } });
    expect(await screen.findByText(MSG.match.updated)).toBeInTheDocument();
  });

  it('a save that leaves the designations alone does not send them', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByTestId('designazioni-section');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await waitFor(() => expect(matchPuts()).toHaveLength(1));
    expect(matchPuts()[0].body).not.toHaveProperty('designazioni');
  });

  it("a 400 shows the server's reason", async () => {
    const user = userEvent.setup();
    const reason = DIRIGENTI_MSG.notQualified('Luca Bianchi', RUOLO_LABELS.accompagnatore);
    putAnswer = () => ({ status: 400, body: { error: reason } });
    open();
    await pick(user, 'accompagnatore', 'Luca Bianchi');
    await user.click(saveButton());
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it('the referee in another role too: the save waits', async () => {
    const user = userEvent.setup();
    PEOPLE[0] = { ...ROSSI, qualifiche: ['arbitro', 'accompagnatore'] };
    try {
      open();
      await pick(user, 'arbitro', 'Mario Rossi');
      await pick(user, 'accompagnatore', 'Mario Rossi');
      expect(await screen.findByText(DIRIGENTI_MSG.refereeAlone)).toBeInTheDocument();
      expect(saveButton()).toBeDisabled();
    } finally {
      PEOPLE[0] = ROSSI;
    }
  });

  it("a 409 lists the person's clash, and 'Salva comunque' sends the match and its designations again, confirmed", async () => {
    const user = userEvent.setup();
    const sentence = DIRIGENTI_MSG.clash('Luca Bianchi', RUOLO_LABELS.accompagnatore, 'Garibaldina 2012 - Lupi', '09:30', '11:00', dayjs(DAY).format('DD/MM/YYYY'));
    putAnswer = (body) =>
      body.confermaSovrapposizioni
        ? { status: 200, body: { data: MATCH, designazioni: view({ accompagnatore: named(BIANCHI), addettoArbitro: named(VERDI) }) } }
        : { status: 409, body: { error: DIRIGENTI_MSG.conflict, conflitti: [{ id: 12, motivo: 'persona', messaggio: sentence, dirigenteId: 2 }] } };
    open();
    await pick(user, 'accompagnatore', 'Luca Bianchi');
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: CLASH_MSG.dialogTitle });
    expect(within(dialog).getByText(sentence, { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByText(DIRIGENTI_MSG.conflictIntro, { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: CLASH_MSG.dialogConfirm }));
    await waitFor(() => expect(matchPuts()).toHaveLength(2));
    expect(matchPuts()[0].body).toMatchObject({ designazioni: { arbitro: null, accompagnatore: 2, addettoArbitro: 3 } });
    expect(matchPuts()[0].body).not.toHaveProperty('confermaSovrapposizioni');
    expect(matchPuts()[1].body).toMatchObject({ designazioni: { arbitro: null, accompagnatore: 2, addettoArbitro: 3 }, confermaSovrapposizioni: true });
    expect(await screen.findByText(MSG.match.updated)).toBeInTheDocument();
  });
});

describe('the signed-in dashboard', () => {
  const open = (role: 'reader' | 'editor') => {
    const store = signedInStore(role);
    // The list is read through supabase-js: the test puts it in the cache as that read would.
    void store.dispatch(matchesApi.util.upsertQueryData('getPartite', TODAY, sanitizePartite([MATCH, OTHER])));
    return renderWithProviders(<DashboardPage />, { store });
  };
  const periodReads = () => server.requests.filter((r) => r.url.startsWith('/api/designazioni?'));

  it('the cards show the designated officials, from one read of the days shown', async () => {
    open('reader');
    const card = (await screen.findAllByTestId('match-card')).find((c) => c.getAttribute('data-match-id') === '7')!;
    expect(await within(card).findByTestId('match-designazioni')).toHaveTextContent('Arbitro: Mario Rossi · Accompagnatore: Luca Bianchi');
    const other = screen.getAllByTestId('match-card').find((c) => c.getAttribute('data-match-id') === '8')!;
    expect(within(other).queryByTestId('match-designazioni')).toBeNull();
    expect(periodReads().map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams))).toEqual([{ from: TODAY, to: DAY }]);
    // A reader has no uncovered panel (editors and admins only).
    expect(screen.queryByTestId('uncovered-panel')).toBeNull();
    expect(server.requests.some((r) => r.url.startsWith('/api/designazioni/scoperte'))).toBe(false);
  });

  it("'Partite scoperte': folded to its count; 'Assegna' keeps the other roles and the match leaves the list", async () => {
    const user = userEvent.setup();
    scoperte = [
      {
        partita: OTHER,
        designazioni: view({ addettoArbitro: named(VERDI) }),
        mancanti: ['arbitro', 'accompagnatore'],
        // Verdi is busy elsewhere at that time: offered for neither role.
        occupati: [VERDI.id],
      },
    ];
    let covered = false;
    putAnswer = (body) => {
      // The server's answer after a write: still missing what is still null; covered once both are set.
      covered = body.arbitro !== null && body.accompagnatore !== null;
      scoperte = covered
        ? []
        : [{ ...(scoperte[0] as object), designazioni: view({ arbitro: body.arbitro ? named(ROSSI) : null, accompagnatore: body.accompagnatore ? named(BIANCHI) : null, addettoArbitro: named(VERDI) }), mancanti: body.arbitro ? ['accompagnatore'] : ['arbitro'] }];
      return { status: 200, body: { data: view({}) } };
    };
    open('editor');
    const panel = await screen.findByTestId('uncovered-panel');
    expect(within(panel).getByRole('heading', { name: `${DIRIGENTI_MSG.uncoveredTitle} (1)` })).toBeInTheDocument();
    // Folded: no match listed until it is opened.
    expect(within(panel).queryByTestId('uncovered-match')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: DIRIGENTI_MSG.uncoveredShow }));
    const item = within(panel).getByTestId('uncovered-match');
    expect(item).toHaveTextContent('Garibaldina 2013 - Falchi');
    expect(item).toHaveTextContent(DIRIGENTI_MSG.missing(RUOLO_LABELS.arbitro));
    expect(item).toHaveTextContent(DIRIGENTI_MSG.missing(RUOLO_LABELS.accompagnatore));
    // The free people of each role: qualified and not busy (Verdi is); Rossi holds no accompanying qualification.
    expect(within(item).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      DIRIGENTI_MSG.assignTo('Mario Rossi', RUOLO_LABELS.arbitro, 'Garibaldina 2013 - Falchi'),
      DIRIGENTI_MSG.assignTo('Luca Bianchi', RUOLO_LABELS.accompagnatore, 'Garibaldina 2013 - Falchi'),
    ]);

    await user.click(within(item).getByRole('button', { name: DIRIGENTI_MSG.assignTo('Mario Rossi', RUOLO_LABELS.arbitro, 'Garibaldina 2013 - Falchi') }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ url: '/api/partite/8/designazioni', body: { arbitro: 1, accompagnatore: null, addettoArbitro: 3 } });
    // Refetched: only the accompanying official is still missing.
    await waitFor(() => expect(within(panel).getByTestId('uncovered-match')).not.toHaveTextContent(DIRIGENTI_MSG.missing(RUOLO_LABELS.arbitro)));

    await user.click(within(panel).getByRole('button', { name: DIRIGENTI_MSG.assignTo('Luca Bianchi', RUOLO_LABELS.accompagnatore, 'Garibaldina 2013 - Falchi') }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].body).toEqual({ arbitro: 1, accompagnatore: 2, addettoArbitro: 3 });
    await waitFor(() => expect(within(panel).queryByTestId('uncovered-match')).toBeNull());
    expect(within(panel).getByText('Nessuna partita scoperta fino a domenica 6 dicembre')).toBeInTheDocument();
    expect(covered).toBe(true);
  });

  it("'Partite scoperte' asks through the Sunday after next, names that day, and offers 7, 14 or 30 days", async () => {
    const user = userEvent.setup();
    open('editor');
    const panel = await screen.findByTestId('uncovered-panel');
    expect(within(panel).getByTestId('uncovered-summary')).toHaveTextContent('Nessuna partita scoperta fino a domenica 6 dicembre');
    const reads = () => server.requests.filter((r) => r.url.startsWith('/api/designazioni/scoperte')).map((r) => r.url);
    // The default window: no giorni, the server's Sunday after next.
    expect(reads()).toEqual(['/api/designazioni/scoperte']);
    await user.click(within(panel).getByRole('combobox', { name: DIRIGENTI_MSG.uncoveredWindow }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([DIRIGENTI_MSG.uncoveredUntil(dayName(uncoveredDefaultEnd(TODAY))), '7 giorni', '14 giorni', '30 giorni']);
    await user.click(screen.getByRole('option', { name: '14 giorni' }));
    await waitFor(() => expect(reads()).toContain('/api/designazioni/scoperte?giorni=14'));
  });
});
