// docs/callups.md: the coach's view of a match's call-up on its edit screen: the roster to pick from, a player
// of another category marked 'fuori quota', the counts, 'Salva' with the ritrovo and the deadline, 'Invia' and
// the players to tell by voice, an answer set on the family's behalf; and the dashboard card's counts.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, setTestApiOrigin, signedInStore } from '../../../test/render';
import { CONVOCAZIONI_MSG as M } from '../../../common/callups/messages';
import type { Convocato, Convocazione } from '../../../common/callups/rules';
import { conteggiOf } from '../../../common/callups/rules';
import { MSG } from '../../../common/core/messages';
import { startStandInServer, type StandInServer } from '../../../test/stand-in-server';
import { editScreenSections } from '../../../test/edit-screen';
import dayjs from 'dayjs';
import { todayIn } from '../../../common/core/dates';
import { sanitizePartite } from '../../../common/matches/read';
import EditMatchPage from './EditMatchPage';
import DashboardPage from './DashboardPage';
import { CallupSection } from '../../components/callups/CallupSection';
import { matchesApi } from './matchesApi';

const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: 'Europe/Rome' };
const TODAY = todayIn('Europe/Rome');
const DAY = dayjs(TODAY).add(3, 'day').format('YYYY-MM-DD');
const MATCH = {
  id: 7, data: DAY, ora: '10:00:00', ora_fine: '11:30:00', squadracasa: 'Garibaldina 2013', squadratrasferta: 'Aquile', gruppo: 'Pulcini',
  campo: 'Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: null, tipo_gara: 'campionato', stato: 'programmata', motivo_stato: null,
};
const player = (id: number, nome: string, cognome: string, gruppo = 'Pulcini') => ({
  id, nome, cognome, dataNascita: '2016-03-01', gruppo, numeroTessera: null, certificato: null, squalificatoFino: null, contatti: [], note: null,
});
const ROSA = [player(1, 'Luca', 'Rossi'), player(2, 'Marco', 'Bianchi'), player(3, 'Anna', 'Verdi')];
const called = (p: ReturnType<typeof player>, c: Partial<Convocato> = {}): Convocato => ({
  id: p.id, nome: p.nome, cognome: p.cognome, gruppo: p.gruppo, fuoriQuota: p.gruppo !== 'Pulcini', risposta: null, nota: null, rispostoIl: null,
  rispostaStaff: false, avvisabile: true, invitatoIl: null, promemoriaIl: null, ...c,
});
const callup = (giocatori: Convocato[], c: Partial<Convocazione> = {}): Convocazione => ({
  partitaId: 7, partita: { data: DAY, ora: '10:00', squadracasa: 'Garibaldina 2013', squadratrasferta: 'Aquile', gruppo: 'Pulcini', campo: 'Comunale', stato: null },
  salvata: giocatori.length > 0, giocatori, ritrovo: { ora: '09:15', luogo: 'Comunale' }, scadenza: '2026-12-04T09:15:00+01:00',
  note: null, inviataIl: null, chiusa: false, conteggi: conteggiOf(giocatori), ...c,
});

let current: Convocazione;
let server: StandInServer;

beforeAll(async () => {
  server = await startStandInServer((req) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/config') return { status: 200, body: CONFIG };
    if (url.pathname === '/api/gruppi') return { status: 200, body: { data: [{ id: 1, name: 'Pulcini', created_at: '2026-09-01T10:00:00Z', components: [] }], count: 1 } };
    if (url.pathname === '/api/partite/conflitti') return { status: 200, body: { conflitti: [] } };
    if (url.pathname === '/api/partite/7' && req.method === 'GET') return { status: 200, body: { data: MATCH } };
    if (url.pathname === '/api/partite/7' && req.method === 'PUT') return { status: 200, body: { data: MATCH } };
    if (url.pathname === '/api/giocatori') {
      const data = ROSA.filter((p) => p.gruppo === url.searchParams.get('gruppo'));
      return { status: 200, body: { data, count: data.length, regola: { etaAgonistico: 12, inizioStagione: '07-01' } } };
    }
    if (url.pathname === '/api/partite/7/convocazione' && req.method === 'GET') return { status: 200, body: { data: current } };
    if (url.pathname === '/api/partite/7/convocazione' && req.method === 'PUT') {
      const body = JSON.parse(req.body) as { giocatori: number[] };
      const all = [...ROSA, player(9, 'Pia', 'Neri', 'Esordienti')];
      current = callup(body.giocatori.map((id) => called(all.find((p) => p.id === id)!, { avvisabile: id !== 2 })));
      return { status: 200, body: { data: current } };
    }
    if (url.pathname === '/api/partite/7/convocazione/invia') {
      current = { ...current, inviataIl: '2026-11-28T10:00:00Z' };
      return { status: 200, body: { data: { inviate: 2, daAvvisare: [{ id: 2, nome: 'Marco', cognome: 'Bianchi' }] } } };
    }
    if (url.pathname === '/api/convocazioni') {
      // As the server answers (docs/callups.md): only the matches with a call-up, by id.
      return { status: 200, body: { data: { 7: { convocati: 14, si: 11, no: 1, inAttesa: 2, inviataIl: '2026-11-28T10:00:00Z', scadenza: `${DAY}T09:15:00+01:00` } } } };
    }
    const staff = /^\/api\/partite\/7\/convocazione\/giocatori\/(\d+)$/.exec(url.pathname);
    if (staff) {
      const { risposta } = JSON.parse(req.body) as { risposta: 'si' | 'no' | null };
      const giocatori = current.giocatori.map((g) => (g.id === Number(staff[1]) ? { ...g, risposta, rispostaStaff: true } : g));
      current = callup(giocatori, { inviataIl: current.inviataIl });
      return { status: 200, body: { data: current } };
    }
    const sections = editScreenSections(req.method, url.pathname, [MATCH]);
    if (sections) return sections;
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
  current = callup([called(player(9, 'Pia', 'Neri', 'Esordienti'))]);
});

const open = () =>
  renderWithProviders(
    <Routes>
      <Route path="/modifica-partita/:id" element={<EditMatchPage />} />
    </Routes>,
    { store: signedInStore('editor'), route: '/modifica-partita/7' },
  );
const section = async () => screen.findByRole('region', { name: M.screen.title });
const counts = () => within(screen.getByTestId('callup-counts')).getAllByText(/./).map((c) => c.textContent);

describe('the call-up on the match’s edit screen', () => {
  it('picks from the roster, marks a player of another category, saves, sends and lists who to tell by voice', async () => {
    const user = userEvent.setup();
    open();
    const s = await section();
    // The roster of the match's category, and the player of another category already called, marked 'fuori quota'.
    const rossi = await within(s).findByRole('checkbox', { name: 'Rossi Luca' });
    expect(within(s).getByRole('checkbox', { name: /Neri Pia/ })).toBeChecked();
    expect(within(within(s).getByTestId('callup-row-9')).getByText(M.fuoriQuota)).toBeInTheDocument();
    expect(counts()).toEqual(['Convocati 1', 'Sì 0', 'No 0', 'In attesa 1']);
    // The defaults are shown, and changed.
    expect(within(s).getByLabelText(M.screen.ritrovoOra)).toHaveValue('09:15');
    await user.click(rossi);
    await user.click(within(s).getByRole('checkbox', { name: 'Bianchi Marco' }));
    const luogo = within(s).getByLabelText(M.screen.ritrovoLuogo);
    await user.clear(luogo);
    await user.type(luogo, 'Piazzale della stazione');
    // Nothing is sent before the changes are saved.
    expect(within(s).getByRole('button', { name: M.screen.invia })).toBeDisabled();
    await user.click(within(s).getByRole('button', { name: M.screen.salva }));
    await screen.findByText(M.screen.salvata);
    const put = server.requests.find((r) => r.method === 'PUT' && r.url === '/api/partite/7/convocazione');
    expect(JSON.parse(put!.body)).toEqual({
      giocatori: [9, 1, 2], ritrovo: { ora: '09:15', luogo: 'Piazzale della stazione' }, scadenza: '2026-12-04T09:15:00+01:00', note: null,
    });
    await waitFor(() => expect(counts()).toEqual(['Convocati 3', 'Sì 0', 'No 0', 'In attesa 3']));
    await user.click(within(s).getByRole('button', { name: M.screen.invia }));
    expect(await screen.findByText(M.screen.inviata(2))).toBeInTheDocument();
    expect(screen.getByTestId('callup-voce')).toHaveTextContent(`${M.screen.daAvvisareTitle} Bianchi Marco`);
    expect(await within(s).findByRole('button', { name: M.screen.sollecita })).toBeEnabled();
  });

  it('a call-up note typed and not saved makes leaving the edit screen ask, as the match form does', async () => {
    const user = userEvent.setup();
    open();
    const s = await section();
    await user.type(within(s).getByRole('textbox', { name: M.screen.note }), 'Portare i parastinchi');
    await user.click(screen.getByRole('button', { name: MSG.match.cancel }));
    const question = await screen.findByRole('dialog', { name: MSG.screens.unsaved.title });
    expect(question).toHaveTextContent(MSG.screens.unsaved.question);
    await user.click(within(question).getByRole('button', { name: MSG.screens.unsaved.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(s).getByRole('textbox', { name: M.screen.note })).toHaveValue('Portare i parastinchi');
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('a match saved while its call-up holds a typed note keeps the call-up, and the return to / asks first', async () => {
    const user = userEvent.setup();
    open();
    const s = await section();
    await user.type(within(s).getByRole('textbox', { name: M.screen.note }), 'Portare i parastinchi');
    await user.click(screen.getByRole('button', { name: MSG.match.saveChanges }));
    await screen.findByText(MSG.match.updated);
    // The timed return to / is a navigation like any other: it asks, and staying keeps the note to save.
    const question = await screen.findByRole('dialog', { name: MSG.screens.unsaved.title });
    await user.click(within(question).getByRole('button', { name: MSG.screens.unsaved.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const kept = await section();
    expect(within(kept).getByRole('textbox', { name: M.screen.note })).toHaveValue('Portare i parastinchi');
    await user.click(within(kept).getByRole('button', { name: M.screen.salva }));
    await screen.findByText(M.screen.salvata);
    const put = server.requests.find((r) => r.method === 'PUT' && r.url === '/api/partite/7/convocazione');
    expect(JSON.parse(put!.body)).toMatchObject({ note: 'Portare i parastinchi' });
    // Saved: the section stays where it was.
    expect(await section()).toBeInTheDocument();
  });

  it('an answer set on the family’s behalf is marked as such and moves the counts', async () => {
    const user = userEvent.setup();
    current = callup([called(ROSA[0]), called(ROSA[2], { risposta: 'no', nota: 'Influenza', rispostoIl: '2026-11-28T09:00:00Z' })], { inviataIl: '2026-11-28T08:00:00Z' });
    open();
    await section();
    await waitFor(() => expect(counts()).toEqual(['Convocati 2', 'Sì 0', 'No 1', 'In attesa 1']));
    expect(within(screen.getByTestId('callup-row-3')).getByText('Influenza')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: M.screen.rispostaDi('Rossi Luca') }));
    await user.click(await screen.findByRole('option', { name: M.risposte.si }));
    await waitFor(() => expect(counts()).toEqual(['Convocati 2', 'Sì 1', 'No 1', 'In attesa 0']));
    const put = server.requests.find((r) => r.url === '/api/partite/7/convocazione/giocatori/1');
    expect(JSON.parse(put!.body)).toEqual({ risposta: 'si' });
    expect(within(screen.getByTestId('callup-row-1')).getByText(M.rispostaStaff)).toBeInTheDocument();
    expect(within(screen.getByTestId('callup-row-3')).queryByText(M.rispostaStaff)).toBeNull();
  });
});

describe('a reader’s view of the call-up', () => {
  it('shows the counts and the answers, and offers nothing to change (no roster read, no buttons, no pickers)', async () => {
    current = callup([called(ROSA[0], { risposta: 'si', rispostaStaff: true }), called(ROSA[2])], { inviataIl: '2026-11-28T08:00:00Z' });
    renderWithProviders(<CallupSection partitaId={7} gruppo="Pulcini" readOnly />, { store: signedInStore('reader') });
    const s = await section();
    await waitFor(() => expect(counts()).toEqual(['Convocati 2', 'Sì 1', 'No 0', 'In attesa 1']));
    expect(within(screen.getByTestId('callup-row-1')).getByText(M.risposte.si)).toBeInTheDocument();
    expect(within(screen.getByTestId('callup-row-1')).getByText(M.rispostaStaff)).toBeInTheDocument();
    expect(within(s).getByText(M.screen.sola)).toBeInTheDocument();
    // The one button: the match's team sheet ('Distinta', readers read and print it).
    expect(within(s).queryAllByRole('button').map((b) => b.textContent)).toEqual([M.screen.distinta]);
    expect(within(s).queryAllByRole('combobox')).toHaveLength(0);
    expect(within(s).queryAllByRole('checkbox')).toHaveLength(0);
    expect(server.requests.some((r) => r.url.startsWith('/api/giocatori'))).toBe(false);
  });

  it('offers no Distinta where the screen shows the team sheet’s own section (the edit screen)', async () => {
    current = callup([called(ROSA[0])], { inviataIl: '2026-11-28T08:00:00Z' });
    renderWithProviders(<CallupSection partitaId={7} gruppo="Pulcini" readOnly teamSheetLink={false} />, { store: signedInStore('reader') });
    const s = await section();
    await waitFor(() => expect(counts()).toEqual(['Convocati 1', 'Sì 0', 'No 0', 'In attesa 1']));
    expect(within(s).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('the signed-in dashboard', () => {
  it("a match's card carries its call-up's counts, from one read of the days shown; a match without one shows none", async () => {
    const store = signedInStore('reader');
    // The list is read through supabase-js: the test puts it in the cache as that read would.
    void store.dispatch(matchesApi.util.upsertQueryData('getPartite', TODAY, sanitizePartite([MATCH, { ...MATCH, id: 8, ora: '15:00:00', ora_fine: '16:30:00' }])));
    renderWithProviders(<DashboardPage />, { store });
    const card = (id: number) => screen.getAllByTestId('match-card').find((c) => c.getAttribute('data-match-id') === String(id))!;
    await screen.findAllByTestId('match-card');
    expect(await within(card(7)).findByTestId('match-convocazione')).toHaveTextContent('Convocati 14 · sì 11 · no 1');
    expect(within(card(8)).queryByTestId('match-convocazione')).toBeNull();
    const reads = server.requests.filter((r) => r.url.startsWith('/api/convocazioni?'));
    expect(reads.map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams))).toEqual([{ from: TODAY, to: DAY }]);
  });
});
