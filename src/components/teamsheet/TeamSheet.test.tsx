// docs/teamsheet.md: the match's 'Distinta' on the edit screen: the proposal from the call-up with each
// player's check, numbers and captain/vice checked before the save, the server's 400 named per player,
// the staff, 'Stampa PDF' (the download, a 409 in Italian), and readers who see and print only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setTestApiOrigin, signedInStore } from '../../../test/render';
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import type { Distinta, GiocatoreDistinta } from '../../../common/teamsheet/types';
import { TEAMSHEET_UI as UI } from './messages';
import { TeamSheetSection } from './TeamSheetSection';
import { DayTeamSheets } from './DayTeamSheets';

const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: 'Europe/Rome' };
const player = (id: number, nome: string, cognome: string, extra: Partial<GiocatoreDistinta> = {}): GiocatoreDistinta => ({
  id, nome, cognome, dataNascita: '2016-03-01', gruppo: 'Pulcini', numeroTessera: `T${id}`, numero: null, capitano: false, vice: false,
  idoneo: true, motivi: [], avvisi: [], convocazione: 'si', ...extra,
});
const ROSSI = player(11, 'Luca', 'Rossi');
const BIANCHI = player(12, 'Marco', 'Bianchi', { numeroTessera: null, avvisi: [DISTINTA_MSG.avvisi.tesseraMancante] });
const VERDI = player(13, 'Paolo', 'Verdi', { idoneo: false, motivi: [DISTINTA_MSG.motivi.scaduto('2027-04-09')], convocazione: null });
const SHEET: Distinta = {
  partita: 7, data: '2027-04-10', casa: true, maxDistinta: 20, salvata: false, aggiornataIl: null,
  giocatori: [ROSSI, BIANCHI], disponibili: [VERDI],
  staff: [{ ruolo: 'accompagnatore', id: 2, nome: 'Anna', cognome: 'Neri', numeroTessera: 'D2' }],
  stampabile: false, motivi: [DISTINTA_MSG.motiviDistinta.nonSalvata], avvisi: [], stampe: 0,
};
const COACH = { id: 5, nome: 'Gino', cognome: 'Gialli', email: 'g@x.it', telefono: null, qualifiche: ['allenatore'], attivo: true, numeroTessera: 'A5' };

const DAY = [{ partita: 7, gruppo: 'Pulcini', salvata: true, giocatori: 18, stampe: 2 }];
const DAY_MATCHES = [{ id: 7, ora: '10:00:00', squadracasa: 'Garibaldina', squadratrasferta: 'Lupi' }];

interface Answer { status: number; headers?: Record<string, string>; body?: string | Buffer }
const json = (body: unknown, status = 200): Answer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
let seen: { method: string; path: string; body: string }[] = [];
let putAnswer: (body: unknown) => Answer = () => json({ data: SHEET });
let pdfAnswer: Answer = { status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7 x' };
let sheetAnswer: Distinta = SHEET;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const r = { method: req.method ?? 'GET', path: url.pathname, body: Buffer.concat(chunks).toString() };
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*', 'access-control-expose-headers': '*' };
      if (r.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      seen.push(r);
      const a =
        r.path === '/api/config' ? json(CONFIG)
        : r.path === '/api/partite/7/distinta' && r.method === 'GET' ? json({ data: sheetAnswer })
        : r.path === '/api/partite/7/distinta' && r.method === 'PUT' ? putAnswer(JSON.parse(r.body))
        : r.path === '/api/partite/7/distinta.pdf' ? pdfAnswer
        : r.path === '/api/distinte' ? json(url.searchParams.get('data') === '2027-04-10' ? { data: DAY, count: DAY.length } : { data: [], count: 0 })
        : r.path === '/api/dirigenti' ? json({ data: [COACH], count: 1 })
        : json({ error: 'Risorsa non trovata' }, 404);
      res.writeHead(a.status, { ...cors, ...a.headers }).end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setTestApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  setTestApiOrigin(null);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// jsdom has no object URLs and does not download: record what the page would save.
let saved: string[] = [];
const onClick = (e: MouseEvent) => {
  const a = (e.target as HTMLElement).closest('a');
  if (a?.hasAttribute('download')) {
    e.preventDefault();
    saved.push(a.getAttribute('download')!);
  }
};
beforeEach(() => {
  seen = [];
  saved = [];
  putAnswer = () => json({ data: SHEET });
  sheetAnswer = SHEET;
  pdfAnswer = { status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7 x' };
  URL.createObjectURL = () => 'blob:test/1';
  URL.revokeObjectURL = () => undefined;
  document.addEventListener('click', onClick, true);
});
afterEach(() => document.removeEventListener('click', onClick, true));

const puts = () => seen.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body) as unknown);
const openSheet = async (user: ReturnType<typeof userEvent.setup>, role: 'editor' | 'reader' = 'editor') => {
  renderWithProviders(<TeamSheetSection matchId={7} />, { store: signedInStore(role) });
  await user.click(await screen.findByRole('button', { name: role === 'editor' ? UI.open : UI.view }));
  return screen.findByRole('dialog');
};

describe('the team sheet of a match', () => {
  it('shows the proposal with each player’s check; the numbers, captain and vice are checked before the save', async () => {
    const user = userEvent.setup();
    const dialog = await openSheet(user);
    expect(screen.getByText(UI.summary(2, false), { exact: false })).toBeInTheDocument();
    const rossi = within(dialog).getByTestId('distinta-riga-11');
    expect(within(rossi).getByText(UI.idoneo)).toBeInTheDocument();
    expect(within(rossi).getByText(UI.convocazione.si)).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('distinta-riga-12')).getByText(DISTINTA_MSG.avvisi.tesseraMancante)).toBeInTheDocument();
    // The designated accompanying official is shown.
    expect(within(dialog).getByText(/Anna Neri/)).toBeInTheDocument();
    // Empty numbers are refused per player, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: UI.save }));
    expect(await within(rossi).findByText(DISTINTA_MSG.invalid.numero)).toBeInTheDocument();
    // The same number twice, and one player both captain and vice.
    await user.type(within(dialog).getByRole('textbox', { name: UI.numberOf('Rossi Luca') }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: UI.numberOf('Bianchi Marco') }), '10');
    await user.click(within(dialog).getByRole('radio', { name: UI.captainOf('Rossi Luca') }));
    await user.click(within(dialog).getByRole('radio', { name: UI.viceOf('Rossi Luca') }));
    await user.click(within(dialog).getByRole('button', { name: UI.save }));
    expect(await within(rossi).findByText(DISTINTA_MSG.problemi.capitanoEVice)).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('distinta-riga-12')).getByText(DISTINTA_MSG.problemi.numeroRipetuto(10))).toBeInTheDocument();
    expect(puts()).toEqual([]);
    // Fixed: the body is the sheet in its order with the staff.
    const bianchiNumber = within(dialog).getByRole('textbox', { name: UI.numberOf('Bianchi Marco') });
    await user.clear(bianchiNumber);
    await user.type(bianchiNumber, '7');
    await user.click(within(dialog).getByRole('radio', { name: UI.viceOf('Bianchi Marco') }));
    await user.click(within(dialog).getByRole('combobox', { name: UI.coach }));
    await user.click(await screen.findByRole('option', { name: 'Gino Gialli' }));
    await user.click(within(dialog).getByRole('button', { name: UI.save }));
    await waitFor(() => expect(puts()).toEqual([{ giocatori: [{ id: 11, numero: 10, capitano: true }, { id: 12, numero: 7, vice: true }], staff: { allenatore: 5, altri: [] } }]));
    // A saved sheet closes the dialog.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds a player from the available ones; the server’s 400 is shown beside the player it names', async () => {
    const user = userEvent.setup();
    const motivo = DISTINTA_MSG.motivi.scaduto('2027-04-09');
    putAnswer = () => json({ error: DISTINTA_MSG.rifiutata(DISTINTA_MSG.rifiutataVoce('Verdi Paolo', motivo)), problemi: [{ giocatore: 13, motivo }] }, 400);
    const dialog = await openSheet(user);
    await user.click(within(dialog).getByRole('button', { name: UI.removeOf('Bianchi Marco') }));
    expect(within(dialog).queryByTestId('distinta-riga-12')).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: UI.add }));
    await user.click(await screen.findByRole('option', { name: `Verdi Paolo — ${UI.nonIdoneo}` }));
    await user.click(within(dialog).getByRole('button', { name: UI.addButton }));
    const verdi = within(dialog).getByTestId('distinta-riga-13');
    expect(within(verdi).getByText(UI.nonIdoneo)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: UI.numberOf('Rossi Luca') }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: UI.numberOf('Verdi Paolo') }), '2');
    await user.click(within(dialog).getByRole('button', { name: UI.save }));
    expect(await within(verdi).findByRole('alert')).toHaveTextContent(motivo);
    // Once: the refusal replaces the reason under the name.
    expect(within(verdi).getAllByText(motivo)).toHaveLength(1);
    expect(within(dialog).getByText(DISTINTA_MSG.rifiutata(DISTINTA_MSG.rifiutataVoce('Verdi Paolo', motivo)))).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("'Numera in ordine' gives the blank numbers the lowest free ones in the sheet's order, keeping those typed", async () => {
    const user = userEvent.setup();
    sheetAnswer = { ...SHEET, giocatori: [ROSSI, BIANCHI, { ...VERDI, id: 14, nome: 'Ugo', cognome: 'Neri', idoneo: true, motivi: [] }] };
    const dialog = await openSheet(user);
    const number = (name: string) => within(dialog).getByRole('textbox', { name: UI.numberOf(name) });
    await user.type(number('Bianchi Marco'), '1');
    await user.click(within(dialog).getByRole('button', { name: UI.numberAll(2) }));
    expect([number('Rossi Luca'), number('Bianchi Marco'), number('Neri Ugo')].map((i) => (i as HTMLInputElement).value)).toEqual(['2', '1', '3']);
    // Nothing left blank: the button goes.
    expect(within(dialog).queryByRole('button', { name: /^Numera in ordine/ })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: UI.captainOf('Rossi Luca') }));
    await user.click(within(dialog).getByRole('button', { name: UI.save }));
    await waitFor(() =>
      expect(puts()).toEqual([{ giocatori: [{ id: 11, numero: 2, capitano: true }, { id: 12, numero: 1 }, { id: 14, numero: 3 }], staff: { allenatore: null, altri: [] } }]),
    );
  });

  it('prints the PDF as a download, and shows a 409 in Italian', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TeamSheetSection matchId={7} />, { store: signedInStore('editor') });
    const refusal = DISTINTA_MSG.nonStampabile(DISTINTA_MSG.motiviDistinta.nonSalvata);
    pdfAnswer = json({ error: refusal, motivi: [DISTINTA_MSG.motiviDistinta.nonSalvata], problemi: [] }, 409);
    await user.click(await screen.findByRole('button', { name: UI.print }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(saved).toEqual([]);
    pdfAnswer = { status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7 x' };
    await user.click(screen.getByRole('button', { name: UI.print }));
    await waitFor(() => expect(saved).toEqual([DISTINTA_MSG.pdf.nomeFile('2027-04-10', 7)]));
  });

  it('readers see and print the sheet, never change it', async () => {
    const user = userEvent.setup();
    sheetAnswer = { ...SHEET, salvata: true, giocatori: [{ ...ROSSI, numero: 9, capitano: true }, { ...BIANCHI, numero: 4, vice: true }] };
    const dialog = await openSheet(user, 'reader');
    expect(within(dialog).getByText(UI.readOnly)).toBeInTheDocument();
    // The saved numbers and captain/vice are shown.
    expect(within(dialog).getByRole('textbox', { name: UI.numberOf('Rossi Luca') })).toHaveValue('9');
    expect(within(dialog).getByRole('textbox', { name: UI.numberOf('Bianchi Marco') })).toHaveValue('4');
    expect(within(dialog).getByRole('radio', { name: UI.captainOf('Rossi Luca') })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: UI.viceOf('Bianchi Marco') })).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: UI.save })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: UI.removeOf('Rossi Luca') })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: UI.numberOf('Rossi Luca') })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: UI.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: UI.print })).toBeEnabled();
    expect(seen.filter((r) => r.path === '/api/dirigenti')).toEqual([]);
  });

  it('the day sheet links each match’s sheet the caller may open, and shows nothing on a day without', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<DayTeamSheets date="2027-04-11" matches={DAY_MATCHES} />, { store: signedInStore('reader') });
    await waitFor(() => expect(seen.some((r) => r.path === '/api/distinte')).toBe(true));
    expect(screen.queryByTestId('distinte-giorno')).toBeNull();
    unmount();
    renderWithProviders(<DayTeamSheets date="2027-04-10" matches={DAY_MATCHES} />, { store: signedInStore('reader') });
    const partita = '10:00 Garibaldina - Lupi (Pulcini)';
    expect(await screen.findByText(partita)).toBeInTheDocument();
    expect(screen.getByText(UI.dayState(true, 18, 2))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: UI.dayLinkOf(partita) }));
    // The sheet opens in place: a reader sees it and may print it.
    expect(await screen.findByRole('button', { name: UI.view })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: UI.print })).toBeEnabled();
  });
});
