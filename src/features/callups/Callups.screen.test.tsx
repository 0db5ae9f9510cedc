// docs/callups.md, docs/screens.md: the 'Convocazioni' screen: the coming matches of one's categories with their
// call-up's counts and how each stands; one opens its call-up, read-only for readers, with 'Distinta' (the team
// sheet, issue 37); an editor calls a player of another category ('fuori quota') from the picker.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, withStandInServer, signedInStore } from '../../../test/render';
import { CONVOCAZIONI_MSG as M } from '../../../common/callups/messages';
import { conteggiOf, NOTE_MAX, type Convocato, type Convocazione } from '../../../common/callups/rules';
import { MSG } from '../../../common/core/messages';
import { callupsApi } from '../../api/callupsApi';
import type { ConvocazionePeriodo } from '../../../common/callups/types';
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import type { Distinta } from '../../../common/teamsheet/types';
import { TEAMSHEET_UI as UI } from '../../components/teamsheet/messages';
import { todayIn } from '../../../common/core/dates';
import type { Role } from '../../../common/users/roles';
import CallupsPage from './CallupsPage';
import CallupPage from './CallupPage';

const E = M.elenco;
const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: 'Europe/Rome' };
const TODAY = todayIn('Europe/Rome');
const DAY = dayjs(TODAY).add(3, 'day').format('YYYY-MM-DD');
const PARTITA = { data: DAY, ora: '10:00', squadracasa: 'Garibaldina', squadratrasferta: 'Aquile', gruppo: 'Pulcini', campo: 'Comunale', stato: null };
const player = (id: number, nome: string, cognome: string, gruppo = 'Pulcini') => ({
  id, nome, cognome, dataNascita: '2016-03-01', gruppo, numeroTessera: null, certificato: null, squalificatoFino: null, contatti: [], note: null,
});
const ROSA = [player(1, 'Luca', 'Rossi'), player(2, 'Anna', 'Verdi')];
const ALTRI = [player(9, 'Pia', 'Neri', 'Esordienti')];
const called = (p: ReturnType<typeof player>, c: Partial<Convocato> = {}): Convocato => ({
  id: p.id, nome: p.nome, cognome: p.cognome, gruppo: p.gruppo, fuoriQuota: p.gruppo !== 'Pulcini', risposta: null, nota: null, rispostoIl: null,
  rispostaStaff: false, avvisabile: true, invitatoIl: null, promemoriaIl: null, ...c,
});
const callup = (giocatori: Convocato[]): Convocazione => ({
  partitaId: 7, partita: PARTITA, salvata: true, giocatori, ritrovo: { ora: '09:15', luogo: 'Comunale' }, scadenza: `${DAY}T09:15:00+01:00`,
  note: null, inviataIl: '2026-11-28T08:00:00Z', chiusa: false, conteggi: conteggiOf(giocatori),
});
const SHEET: Distinta = {
  partita: 7, data: DAY, casa: true, maxDistinta: 20, salvata: false, aggiornataIl: null, giocatori: [], disponibili: [],
  staff: [], stampabile: false, motivi: [DISTINTA_MSG.motiviDistinta.nonSalvata], avvisi: [], stampe: 0,
};
const periodo = (c: Partial<ConvocazionePeriodo>): ConvocazionePeriodo => ({
  convocati: 0, si: 0, no: 0, inAttesa: 0, salvata: true, inviataIl: null, scadenza: `${DAY}T09:15:00+01:00`, partita: PARTITA, ...c,
});

let current: Convocazione;

const server = withStandInServer((req) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/api/config') return { status: 200, body: CONFIG };
  if (url.pathname === '/api/convocazioni') {
    return {
      status: 200,
      body: {
        data: {
          8: periodo({ salvata: false, partita: { ...PARTITA, ora: '15:00', squadratrasferta: 'Lupi' } }),
          7: periodo({ ...current.conteggi, inviataIl: current.inviataIl }),
          5: periodo({ partita: { ...PARTITA, data: TODAY, squadratrasferta: 'Falchi', stato: 'Annullata' }, convocati: 3 }),
        },
      },
    };
  }
  if (url.pathname === '/api/partite/7/convocazione' && req.method === 'GET') return { status: 200, body: { data: current } };
  if (url.pathname === '/api/partite/7/convocazione' && req.method === 'PUT') {
    const body = JSON.parse(req.body) as { giocatori: number[] };
    current = callup(body.giocatori.map((id) => called([...ROSA, ...ALTRI].find((p) => p.id === id)!)));
    return { status: 200, body: { data: current } };
  }
  if (url.pathname === '/api/partite/7/distinta') return { status: 200, body: { data: SHEET } };
  if (url.pathname === '/api/giocatori') {
    const gruppo = url.searchParams.get('gruppo');
    const data = [...ROSA, ...ALTRI].filter((p) => gruppo === null || p.gruppo === gruppo);
    return { status: 200, body: { data, count: data.length, regola: { etaAgonistico: 12, inizioStagione: '07-01' } } };
  }
  return { status: 404, body: { error: 'Risorsa non trovata' } };
});

beforeEach(() => {
  current = callup([called(ROSA[0], { risposta: 'si', rispostoIl: '2026-11-28T09:00:00Z' }), called(ROSA[1], { risposta: 'no', nota: 'Influenza' })]);
});

const open = (role: Role, route = '/convocazioni') =>
  renderWithProviders(
    <Routes>
      <Route path="/convocazioni" element={<CallupsPage />} />
      <Route path="/convocazioni/:id" element={<CallupPage />} />
    </Routes>,
    { store: signedInStore(role), route },
  );
const counts = () => within(screen.getByTestId('callup-counts')).getAllByText(/./).map((c) => c.textContent);

describe('the Convocazioni screen', () => {
  it('lists the coming matches of the categories followed in date order, each with its counts and how its call-up stands', async () => {
    open('reader');
    const items = await screen.findAllByTestId('convocazione-voce');
    expect(items.map((i) => i.getAttribute('data-match-id'))).toEqual(['5', '7', '8']);
    expect(screen.getByTestId('convocazioni-count')).toHaveTextContent('3 partite');
    const read = (i: number) => ({ text: items[i].textContent, line: within(items[i]).getByTestId('convocazione-conteggi').textContent });
    expect(read(1).line).toBe('Convocati 2 · sì 1 · no 1');
    expect(read(1).text).toContain(E.inviata(`${DAY.slice(8, 10)}/${DAY.slice(5, 7)}/${DAY.slice(0, 4)} 09:15`));
    expect(read(1).text).toContain(`${['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'][dayjs(DAY).day()]} ${DAY.slice(8, 10)}/${DAY.slice(5, 7)} 10:00 · Pulcini`);
    expect(read(2).text).toContain(E.daPreparare);
    expect(read(2).line).toBe('Convocati 0 · sì 0 · no 0');
    expect(read(0).text).toContain('Annullata');
    expect(read(0).text).toContain(E.nonInviata);
    const asked = server.requests.filter((r) => r.url.startsWith('/api/convocazioni?')).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
    expect(asked).toEqual([{ from: TODAY, to: dayjs(TODAY).add(27, 'day').format('YYYY-MM-DD'), partite: 'tutte' }]);
  });

  it('a reader opens a call-up: the match, the counts, the answers and notes, nothing to change; Distinta opens the team sheet', async () => {
    const user = userEvent.setup();
    open('reader');
    await user.click(await screen.findByRole('link', { name: /Garibaldina – Aquile/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Garibaldina – Aquile' })).toBeInTheDocument();
    expect(screen.getByTestId('convocazione-partita')).toHaveTextContent('10:00 · Pulcini · Campo: Comunale');
    await waitFor(() => expect(counts()).toEqual(['Convocati 2', 'Sì 1', 'No 1', 'In attesa 0']));
    expect(within(screen.getByTestId('callup-row-2')).getByText('Influenza')).toBeInTheDocument();
    expect(within(screen.getByTestId('callup-row-1')).getByText(M.risposte.si)).toBeInTheDocument();
    const s = screen.getByRole('region', { name: M.screen.title });
    expect(within(s).getByText(M.screen.sola)).toBeInTheDocument();
    expect(within(s).queryAllByRole('combobox')).toHaveLength(0);
    expect(within(s).queryAllByRole('checkbox')).toHaveLength(0);
    expect(server.requests.some((r) => r.url.startsWith('/api/giocatori'))).toBe(false);
    // The team sheet is read only when asked for.
    expect(server.requests.some((r) => r.url.includes('/distinta'))).toBe(false);
    await user.click(within(s).getByRole('button', { name: M.screen.distinta }));
    expect(await screen.findByRole('dialog', { name: DISTINTA_MSG.title })).toBeInTheDocument();
    // 'Stampa PDF' beside it (behind the open dialog).
    expect(screen.getByRole('button', { name: UI.print, hidden: true })).toBeInTheDocument();
  });

  it('an editor adds a player of another category from the picker: shown "fuori quota", saved with the call-up', async () => {
    const user = userEvent.setup();
    open('editor', '/convocazioni/7');
    const s = await screen.findByRole('region', { name: M.screen.title });
    await within(s).findByRole('checkbox', { name: 'Rossi Luca' });
    // The other categories' players are read only once the picker is opened.
    expect(server.requests.filter((r) => r.url === '/api/giocatori')).toHaveLength(0);
    await user.click(within(s).getByRole('combobox', { name: M.screen.fuoriQuotaCerca }));
    const option = await screen.findByRole('option', { name: 'Neri Pia' });
    // Only the other categories' players: the roster's are ticked above.
    expect(screen.queryByRole('option', { name: 'Rossi Luca' })).toBeNull();
    await user.click(option);
    const neri = await within(s).findByRole('checkbox', { name: /Neri Pia/ });
    expect(neri).toBeChecked();
    await user.click(within(s).getByRole('button', { name: M.screen.salva }));
    await screen.findByText(M.screen.salvata);
    const put = server.requests.find((r) => r.method === 'PUT' && r.url === '/api/partite/7/convocazione');
    expect(JSON.parse(put!.body).giocatori).toEqual([1, 2, 9]);
    await waitFor(() => expect(counts()).toEqual(['Convocati 3', 'Sì 0', 'No 0', 'In attesa 3']));
    expect(within(screen.getByTestId('callup-row-9')).getByText(M.fuoriQuota)).toBeInTheDocument();
  });

  it('a note past its limit shows the server\'s message under the field and sends nothing', async () => {
    const user = userEvent.setup();
    open('editor', '/convocazioni/7');
    const s = await screen.findByRole('region', { name: M.screen.title });
    const note = within(s).getByRole('textbox', { name: M.screen.note });
    await user.click(note);
    await user.paste('x'.repeat(NOTE_MAX + 1));
    await user.click(within(s).getByRole('button', { name: M.screen.salva }));
    await waitFor(() => expect(note).toHaveAccessibleDescription(M.invalid.note(NOTE_MAX)));
    expect(within(s).getByRole('button', { name: M.screen.invia })).toBeDisabled();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    expect(screen.queryByText(M.screen.salvata)).toBeNull();
  });

  it('a poll after typing keeps the typed note and shows the new answers', async () => {
    const user = userEvent.setup();
    const { store } = open('editor', '/convocazioni/7');
    const s = await screen.findByRole('region', { name: M.screen.title });
    const note = within(s).getByRole('textbox', { name: M.screen.note });
    await user.type(note, 'Portare i parastinchi');
    // A family answers meanwhile; the call-up is read again as the 30 s poll does.
    current = { ...current, giocatori: current.giocatori.map((g) => ({ ...g, risposta: 'si' as const })), note: 'Vecchia nota' };
    current = { ...current, conteggi: conteggiOf(current.giocatori) };
    void store.dispatch(callupsApi.endpoints.getConvocazione.initiate(7, { subscribe: false, forceRefetch: true }));
    await waitFor(() => expect(counts()).toEqual(['Convocati 2', 'Sì 2', 'No 0', 'In attesa 0']));
    expect(note).toHaveValue('Portare i parastinchi');
    expect(within(s).getByRole('button', { name: M.screen.invia })).toBeDisabled();
  });

  it('leaving with a typed note asks first; staying keeps it, and a save lets the page go without asking', async () => {
    const user = userEvent.setup();
    open('editor', '/convocazioni/7');
    const s = await screen.findByRole('region', { name: M.screen.title });
    const note = within(s).getByRole('textbox', { name: M.screen.note });
    await user.type(note, 'Portare i parastinchi');
    await user.click(screen.getByRole('link', { name: E.indietro }));
    const question = await screen.findByRole('dialog', { name: MSG.screens.unsaved.title });
    expect(question).toHaveTextContent(MSG.screens.unsaved.question);
    await user.click(within(question).getByRole('button', { name: MSG.screens.unsaved.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(note).toHaveValue('Portare i parastinchi');
    await user.click(within(s).getByRole('button', { name: M.screen.salva }));
    await screen.findByText(M.screen.salvata);
    const put = server.requests.find((r) => r.method === 'PUT' && r.url === '/api/partite/7/convocazione');
    expect(JSON.parse(put!.body).note).toBe('Portare i parastinchi');
    await user.click(screen.getByRole('link', { name: E.indietro }));
    expect(await screen.findByTestId('convocazioni-count')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a wrong address says the match is not found', async () => {
    open('reader', '/convocazioni/abc');
    expect(await screen.findByText(M.notFound)).toBeInTheDocument();
  });
});
