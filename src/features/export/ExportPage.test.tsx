import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { renderWithProviders, setTestApiOrigin } from '../../../test/render';
import { todayIn } from '../../../common/core/dates';
import { emptyMeaningCounts } from '../../../common/matches/meaning';
import { EXPORT_MSG, formatDate, formatLongDate, weekRange, type ExportMatch } from '../../../common/export/rules';
import { initialSessionState } from '../../store/sessionSlice';
import ExportPage from './ExportPage';

// The club's timezone is a day ahead of most machines: the defaults must follow it, not the machine.
const TZ = 'Pacific/Kiritimati';
const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: TZ };
const TOKEN = 'token-of-the-reader';
const S = EXPORT_MSG.screen;

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The answer goes out once this resolves (a file 'being produced' for as long as the test needs). */
  until?: Promise<void>;
}
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  authorization?: string;
}

/** A loopback server answering like the export API (raw bodies, any content type), recording each request. */
let server: http.Server;
let seen: Seen[] = [];
let route: (r: Seen) => Answer | undefined = () => undefined;

const json = (body: unknown, status = 200): Answer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function match(i: number, data: string, home: boolean): ExportMatch {
  return {
    id: i,
    data,
    ora: '10:00',
    ora_fine: home ? '11:30' : null,
    squadracasa: home ? `Garibaldina ${i}` : `Rivali ${i}`,
    squadratrasferta: home ? `Ospiti ${i}` : `Garibaldina ${i}`,
    gruppo: 'Allievi',
    campo: 'Comunale',
    is_house_match: home,
    spogliatoio_gari: null,
    spogliatoio_ospiti: null,
    terreno: home ? 'sintetico' : null,
    tipo_gara: 'campionato',
    stato: 'programmata',
    motivo_stato: null,
    data_da_definire: false,
    data_originale: null,
  };
}

function tablePage(q: URLSearchParams, total: number): Answer {
  const offset = Number(q.get('offset'));
  const limit = Number(q.get('limit'));
  const n = Math.max(0, Math.min(limit, total - offset));
  return json({ items: Array.from({ length: n }, (_, i) => match(offset + i + 1, q.get('from')!, i % 2 === 0)), total, counts: { ...emptyMeaningCounts(), programmata: total } });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const r: Seen = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body: Buffer.concat(chunks).toString(), authorization: req.headers.authorization };
      seen.push(r);
      const a = r.path === '/api/config' ? json(CONFIG) : (route(r) ?? json({ error: 'Risorsa non trovata' }, 404));
      void (a.until ?? Promise.resolve()).then(() => res.writeHead(a.status, a.headers).end(a.body ?? ''));
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
let saved: Array<{ name: string; blob: Blob }> = [];
const blobs = new Map<string, Blob>();
const onClick = (e: MouseEvent) => {
  const a = (e.target as HTMLElement).closest('a');
  if (a?.hasAttribute('download')) {
    e.preventDefault();
    saved.push({ name: a.getAttribute('download')!, blob: blobs.get(a.href)! });
  }
};
beforeEach(() => {
  seen = [];
  saved = [];
  route = () => undefined;
  let n = 0;
  URL.createObjectURL = (b: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, b);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  document.addEventListener('click', onClick, true);
});
afterEach(() => document.removeEventListener('click', onClick, true));

const signedIn = { session: { ...initialSessionState, status: 'signedIn' as const, accessToken: TOKEN, roleStatus: 'ready' as const, user: { id: 'u1', email: 'lettore@example.it', role: 'reader' as const } } };
const renderPage = () => renderWithProviders(<ExportPage />, { route: '/estrazione', preloadedState: signedIn });
const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
/** Types a date (dd/mm/yyyy, '' to clear) into a picker as the browser's autofill would. */
const setDate = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const today = () => todayIn(TZ);

describe('export screen /estrazione', () => {
  it("defaults: period from seven days ago to today, week and day today, in the club's timezone", async () => {
    renderPage();
    const t = today();
    await waitFor(() => expect(field('to').value).toBe(formatDate(t)));
    expect(field('from').value).toBe(formatDate(dayjs(t).subtract(7, 'day').format('YYYY-MM-DD')));
    expect(field('weekStart').value).toBe(formatDate(t));
    expect(field('date').value).toBe(formatDate(t));
    expect(tab('Tabella')).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(tab('Settimana'));
    const { start, end } = weekRange(t);
    expect(within(panel()).getByTestId('week-range')).toHaveTextContent(`Settimana dal ${formatDate(start)} al ${formatDate(end)}`);
  });

  it('shows the validation messages of docs/export.md and sends nothing while the dates are missing or reversed', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(field('to').value).toBe(formatDate(today())));
    setDate('from', '');
    expect(await screen.findByText(EXPORT_MSG.datesRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anteprima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Esporta CSV' })).toBeDisabled();
    setDate('from', '10/03/2026');
    setDate('to', '01/03/2026');
    expect(await screen.findByText(EXPORT_MSG.fromAfterTo)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esporta PDF' })).toBeDisabled();

    await user.click(tab('Settimana'));
    setDate('weekStart', '');
    expect(await within(panel()).findByText(EXPORT_MSG.weekRequired)).toBeInTheDocument();
    await user.click(tab('Giorno'));
    setDate('date', '');
    expect(await within(panel()).findByText(EXPORT_MSG.dayRequired)).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Esporta PDF' })).toBeDisabled();
    expect(seen.filter((r) => r.path.startsWith('/api/exports'))).toEqual([]);

    // Reset filtri brings back the default period.
    await user.click(tab('Tabella'));
    await user.click(screen.getByRole('button', { name: 'Reset filtri' }));
    expect(field('to').value).toBe(formatDate(today()));
    expect(screen.queryByText(EXPORT_MSG.fromAfterTo)).not.toBeInTheDocument();
  });

  it('asks for confirmation before previewing a period over 365 days, then pages through it 50 at a time', async () => {
    const user = userEvent.setup();
    route = (r) => (r.path === '/api/exports/preview/table' ? tablePage(r.query, 120) : undefined);
    renderPage();
    await waitFor(() => expect(field('to').value).toBe(formatDate(today())));
    setDate('from', '01/01/2025');
    setDate('to', '02/01/2026'); // 366 days
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(EXPORT_MSG.longPeriod);
    await user.click(within(dialog).getByRole('button', { name: S.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.filter((r) => r.path.startsWith('/api/exports'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: S.confirm }));
    expect(await screen.findByText('Pagina 1 di 3')).toBeInTheDocument();
    // Until the dialog's closing transition ends the page behind it is aria-hidden (no 'table' role).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const previews = seen.filter((r) => r.path === '/api/exports/preview/table');
    expect(previews).toHaveLength(1);
    expect(Object.fromEntries(previews[0].query)).toEqual({ from: '2025-01-01', to: '2026-01-02', limit: '50', offset: '0' });
    expect(previews[0].authorization).toBe(`Bearer ${TOKEN}`);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Data', 'Inizio', 'Fine', 'Casa', 'Trasferta', 'Gruppo', 'Campo', 'Terreno', 'Tipo', 'Casa/Trasferta', 'Stato', 'Motivo',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('01/01/202510:0011:30Garibaldina 1Ospiti 1AllieviComunaleSinteticoCampionatoCasa');

    await user.click(screen.getByRole('button', { name: S.next }));
    expect(await screen.findByText('Pagina 2 di 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: S.next }));
    expect(await screen.findByText('Pagina 3 di 3')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByRole('button', { name: S.next })).toBeDisabled();
    // Confirmed once: the same period is not asked about again.
    expect(seen.filter((r) => r.path === '/api/exports/preview/table').map((r) => r.query.get('offset'))).toEqual(['0', '50', '100']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables tabs and inputs while a file is produced, says why on a tab click, then saves the file under its spec name', async () => {
    const user = userEvent.setup();
    const csv = '\uFEFFData;Inizio\r\n21/11/2026;10:00\r\n';
    let finish = () => {};
    const produced = new Promise<void>((resolve) => (finish = resolve));
    route = (r) => {
      if (r.path === '/api/exports/preview/table') return tablePage(r.query, 3);
      if (r.path === '/api/exports/table.csv') return { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: csv, until: produced };
      return undefined;
    };
    renderPage();
    await waitFor(() => expect(field('to').value).toBe(formatDate(today())));
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    expect(await screen.findByText('Pagina 1 di 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    expect(await screen.findByText(S.producingCsv)).toBeInTheDocument();
    expect(tab('Settimana')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Anteprima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset filtri' })).toBeDisabled();
    expect(field('from')).toBeDisabled();
    await user.click(tab('Settimana'));
    expect(await screen.findByText(EXPORT_MSG.busy)).toBeInTheDocument();
    expect(tab('Tabella')).toHaveAttribute('aria-selected', 'true');
    finish();

    const { from, to } = { from: dayjs(today()).subtract(7, 'day').format('YYYY-MM-DD'), to: today() };
    const name = `partite_${from}_${to}.csv`;
    expect(await screen.findByText(S.downloaded(name))).toBeInTheDocument();
    expect(saved.map((s) => s.name)).toEqual([name]);
    // Byte for byte, BOM included (Excel reads UTF-8 by it).
    expect(Buffer.from(await saved[0].blob.arrayBuffer()).equals(Buffer.from(csv))).toBe(true);
    const post = seen.find((r) => r.path === '/api/exports/table.csv')!;
    expect(post.method).toBe('POST');
    expect(JSON.parse(post.body)).toEqual({ from, to });
    expect(post.authorization).toBe(`Bearer ${TOKEN}`);
    expect(tab('Settimana')).not.toHaveAttribute('aria-disabled');
    await user.click(tab('Settimana'));
    expect(tab('Settimana')).toHaveAttribute('aria-selected', 'true');
  });

  it("refuses a file of the wrong content type or an empty one: 'Tipo di contenuto non valido', 'File ricevuto vuoto o non valido'", async () => {
    const user = userEvent.setup();
    let pdf: Answer = { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>login</html>' };
    route = (r) => {
      if (r.path === '/api/exports/preview/table') return tablePage(r.query, 2);
      if (r.path === '/api/exports/table.pdf') return pdf;
      if (r.path === '/api/exports/table.csv') return json({ error: 'Il periodo selezionato supera il massimo' }, 400);
      return undefined;
    };
    renderPage();
    await waitFor(() => expect(field('to').value).toBe(formatDate(today())));
    await user.click(screen.getByRole('button', { name: 'Esporta PDF' }));
    expect(await screen.findByText(EXPORT_MSG.pdfError(EXPORT_MSG.badContentType))).toBeInTheDocument();

    pdf = { status: 200, headers: { 'content-type': 'application/pdf' }, body: '' };
    await user.click(screen.getByRole('button', { name: 'Esporta PDF' }));
    expect(await screen.findByText(EXPORT_MSG.pdfError(EXPORT_MSG.emptyFile))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    expect(await screen.findByText(EXPORT_MSG.csvError('Il periodo selezionato supera il massimo'))).toBeInTheDocument();
    expect(saved).toEqual([]);

    pdf = { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from('%PDF-1.7\n%test') };
    await user.click(screen.getByRole('button', { name: 'Esporta PDF' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual([`partite_${dayjs(today()).subtract(7, 'day').format('YYYY-MM-DD')}_${today()}.pdf`]));
  });

  it("an empty period shows 'Nessuna partita trovata' and offers no file; a failed preview says so", async () => {
    const user = userEvent.setup();
    let fail = false;
    route = (r) => {
      if (r.path === '/api/exports/preview/table') return fail ? json({ error: 'Guasto' }, 400) : tablePage(r.query, 0);
      if (r.path === '/api/exports/preview/day') return json({ date: r.query.get('date'), total: 0, casa: [], trasferta: [] });
      return undefined;
    };
    renderPage();
    await waitFor(() => expect(field('to').value).toBe(formatDate(today())));
    // Straight to the file: the period is checked first, and nothing is downloaded.
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    expect(await screen.findAllByText(EXPORT_MSG.emptyPeriod)).not.toHaveLength(0);
    expect(screen.getByText(EXPORT_MSG.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esporta CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Esporta PDF' })).toBeDisabled();
    expect(seen.some((r) => r.path === '/api/exports/table.csv')).toBe(false);

    await user.click(tab('Giorno'));
    await user.click(within(panel()).getByRole('button', { name: 'Anteprima' }));
    expect(await within(panel()).findByText(EXPORT_MSG.empty)).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Esporta PDF' })).toBeDisabled();

    fail = true;
    await user.click(tab('Tabella'));
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    expect(await screen.findAllByText(EXPORT_MSG.previewError('Guasto'))).not.toHaveLength(0);
  });

  it('week and day previews split home and away with counts; the day is titled with its Italian date', async () => {
    const user = userEvent.setup();
    const t = today();
    const { start } = weekRange(t);
    const days = Array.from({ length: 7 }, (_, i) => dayjs(start).add(i, 'day').format('YYYY-MM-DD'));
    route = (r) => {
      if (r.path === '/api/exports/preview/week') {
        const casa = [match(1, days[5], true), match(2, days[5], true)];
        const trasferta = [match(3, days[6], false)];
        return json({
          week: weekRange(r.query.get('weekStart')!),
          total: 3,
          casa,
          trasferta,
          days: days.map((d) => ({ date: d, casa: casa.filter((m) => m.data === d), trasferta: trasferta.filter((m) => m.data === d) })),
        });
      }
      if (r.path === '/api/exports/preview/day') {
        return json({ date: r.query.get('date'), total: 2, casa: [match(7, t, true)], trasferta: [match(8, t, false)] });
      }
      if (r.path === '/api/exports/day.pdf') return { status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7 x' };
      return undefined;
    };
    renderPage();
    await waitFor(() => expect(field('to').value).toBe(formatDate(t)));
    await user.click(tab('Settimana'));
    await user.click(within(panel()).getByRole('button', { name: 'Anteprima' }));
    expect(await within(panel()).findByText(`${EXPORT_MSG.weekTitle}: ${EXPORT_MSG.week(days[0], days[6])}`)).toBeInTheDocument();
    expect(within(panel()).getAllByTestId('week-day')).toHaveLength(7);
    expect(within(panel()).getByText(/3 partite · Casa \(2\) · Trasferta \(1\)/)).toBeInTheDocument();
    const saturday = within(panel()).getAllByTestId('week-day')[5];
    expect(within(saturday).getByText('Casa (2)')).toBeInTheDocument();
    expect(within(saturday).getAllByTestId('export-card')[0]).toHaveTextContent('10:00 - 11:30');
    expect(within(saturday).getAllByTestId('export-card')[0]).toHaveTextContent('Garibaldina 1 vs Ospiti 1');
    expect(within(saturday).getAllByTestId('export-card')[0]).toHaveTextContent('Campo: Comunale · Terreno: Sintetico');

    await user.click(tab('Giorno'));
    await user.click(within(panel()).getByRole('button', { name: 'Anteprima' }));
    expect(await within(panel()).findByText(`${EXPORT_MSG.dayTitle}: ${formatLongDate(t)} · 2 partite`)).toBeInTheDocument();
    expect(within(panel()).getByTestId('col-casa')).toHaveTextContent('Casa (1)');
    expect(within(panel()).getByTestId('col-trasferta')).toHaveTextContent('Trasferta (1)');
    await user.click(within(panel()).getByRole('button', { name: 'Esporta PDF' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual([`partite_giornaliere_${t}.pdf`]));
    await act(async () => undefined);
  });

  it('docs/export.md: the previews say what the PDFs say: the status beside the time, the reason, the counts of the headings', async () => {
    const user = userEvent.setup();
    const t = today();
    const { start } = weekRange(t);
    const days = Array.from({ length: 7 }, (_, i) => dayjs(start).add(i, 'day').format('YYYY-MM-DD'));
    const first = dayjs(days[2]).subtract(7, 'day').format('YYYY-MM-DD');
    const motivo = 'Neve sul campo;\n"gelo"\tpiccola';
    // One match in each meaning on the Wednesday; the Friday holds one cancelled match only.
    const five: ExportMatch[] = [
      { ...match(1, days[2], true), squadracasa: 'Garibaldina Prima' },
      { ...match(2, days[2], false), squadracasa: 'Verdi FC', stato: 'rinviata', data_originale: first, motivo_stato: 'Campo occupato' },
      { ...match(3, days[2], true), squadracasa: 'Garibaldina Neve', stato: 'rinviata', data_da_definire: true, motivo_stato: motivo },
      { ...match(4, days[2], false), squadracasa: 'Bianchi FC', stato: 'sospesa', motivo_stato: 'Nebbia' },
      { ...match(5, days[2], false), squadracasa: 'Rossi FC', stato: 'annullata', motivo_stato: null },
    ];
    const lonely: ExportMatch = { ...match(6, days[4], true), squadracasa: 'Garibaldina Sola', stato: 'annullata' };
    const all = [...five, lonely];
    const cols = (ms: ExportMatch[]) => ({ casa: ms.filter((m) => m.is_house_match), trasferta: ms.filter((m) => !m.is_house_match) });
    route = (r) => {
      if (r.path === '/api/exports/preview/week') {
        return json({ week: weekRange(r.query.get('weekStart')!), total: all.length, ...cols(all), days: days.map((d) => ({ date: d, ...cols(all.filter((m) => m.data === d)) })) });
      }
      if (r.path === '/api/exports/preview/day') {
        const date = r.query.get('date')!;
        const ms = all.filter((m) => m.data === date);
        return json({ date, total: ms.length, ...cols(ms) });
      }
      if (r.path === '/api/exports/preview/table') {
        return json({ items: all, total: all.length, counts: { programmata: 1, spostata: 1, da_definire: 1, sospesa: 1, annullata: 2 } });
      }
      return undefined;
    };
    renderPage();
    await waitFor(() => expect(field('to').value).toBe(formatDate(t)));

    // Tabella: the heading counts the whole period; the Stato column reads as the CSV; the reason.
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    expect(await screen.findByText(/2 partite, 1 rinviata, 1 sospesa, 2 annullate$/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const stato = (row: HTMLElement) => within(row).getAllByRole('cell').at(-2)!.textContent;
    expect(rows.map(stato)).toEqual([
      'In programma',
      `In programma - Spostata dal ${formatDate(first)}`,
      'Rinviata - data da definire',
      'Sospesa',
      'Annullata',
      'Annullata',
    ]);
    expect(within(rows[2]).getAllByRole('cell').at(-1)!.textContent).toBe(motivo);

    // Settimana: the week's and each day's counts; the status word beside the time on each card.
    await user.click(tab('Settimana'));
    await user.click(within(panel()).getByRole('button', { name: 'Anteprima' }));
    expect(await within(panel()).findByText('2 partite, 1 rinviata, 1 sospesa, 2 annullate · Casa (3) · Trasferta (3)')).toBeInTheDocument();
    const weekDays = within(panel()).getAllByTestId('week-day');
    expect(weekDays[2]).toHaveTextContent(/· 2 partite, 1 rinviata, 1 sospesa, 1 annullata/);
    expect(weekDays[4]).toHaveTextContent(/· 0 partite, 1 annullata/);
    expect(weekDays[4]).not.toHaveTextContent('1 partita');
    expect(weekDays[0]).toHaveTextContent(EXPORT_MSG.noMatches);
    const marks = (el: HTMLElement) =>
      within(el)
        .getAllByTestId('export-card')
        .map((c) => [c.textContent!.match(/(Garibaldina Prima|Verdi FC|Garibaldina Neve|Bianchi FC|Rossi FC|Garibaldina Sola)/)![1], within(c).queryByTestId('export-status')?.textContent ?? null]);
    const expected = [
      ['Garibaldina Prima', null],
      ['Garibaldina Neve', 'Rinviata - data da definire'],
      ['Verdi FC', `Spostata dal ${formatDate(first)}`],
      ['Bianchi FC', 'Sospesa'],
      ['Rossi FC', 'Annullata'],
    ];
    expect(marks(weekDays[2])).toEqual(expected);
    expect(marks(weekDays[4])).toEqual([['Garibaldina Sola', 'Annullata']]);
    const neve = within(weekDays[2]).getAllByTestId('export-card')[1];
    // The time, then the status: side by side in the card's first row.
    expect(neve.firstElementChild!.textContent).toMatch(/^10:00 - 11:30Rinviata - data da definire/);
    expect(neve).toHaveTextContent('Motivo: Neve sul campo; "gelo" piccola');
    expect(within(weekDays[2]).getAllByTestId('export-card')[2]).toHaveTextContent('Motivo: Campo occupato');
    expect(within(weekDays[2]).getAllByTestId('export-card')[0]).not.toHaveTextContent('Motivo');

    // Giorno: the heading counts; the day whose only match is cancelled is not '1 partita'.
    await user.click(tab('Giorno'));
    setDate('date', formatDate(days[2]));
    await user.click(within(panel()).getByRole('button', { name: 'Anteprima' }));
    expect(await within(panel()).findByText(`${EXPORT_MSG.dayTitle}: ${formatLongDate(days[2])} · 2 partite, 1 rinviata, 1 sospesa, 1 annullata`)).toBeInTheDocument();
    expect(marks(panel())).toEqual(expected);
    setDate('date', formatDate(days[4]));
    await user.click(within(panel()).getByRole('button', { name: 'Anteprima' }));
    expect(await within(panel()).findByText(`${EXPORT_MSG.dayTitle}: ${formatLongDate(days[4])} · 0 partite, 1 annullata`)).toBeInTheDocument();
    // Home matches only: the day preview leaves out the empty 'Trasferta (0)' side; the week's day keeps both, as the sheets do.
    expect(within(panel()).getByTestId('col-casa')).toHaveTextContent('Casa (1)');
    expect(within(panel()).queryByTestId('col-trasferta')).toBeNull();
    expect(within(panel()).queryByText(EXPORT_MSG.trasfertaCount(0))).toBeNull();
    await user.click(tab('Settimana'));
    expect(within(within(panel()).getAllByTestId('week-day')[4]).getByTestId('col-trasferta')).toHaveTextContent(EXPORT_MSG.trasfertaCount(0));
  });

  it("Giorno: a day of away matches only shows them under 'Trasferta', with no empty 'Casa (0)' beside them", async () => {
    const user = userEvent.setup();
    const t = today();
    route = (r) => (r.path === '/api/exports/preview/day' ? json({ date: r.query.get('date'), total: 2, casa: [], trasferta: [match(1, t, false), match(2, t, false)] }) : undefined);
    renderPage();
    await waitFor(() => expect(field('to').value).toBe(formatDate(t)));
    await user.click(tab('Giorno'));
    await user.click(within(panel()).getByRole('button', { name: 'Anteprima' }));
    expect(await within(panel()).findByTestId('col-trasferta')).toHaveTextContent('Trasferta (2)');
    expect(within(within(panel()).getByTestId('col-trasferta')).getAllByTestId('export-card')).toHaveLength(2);
    expect(within(panel()).queryByTestId('col-casa')).toBeNull();
    expect(within(panel()).queryByText(EXPORT_MSG.casaCount(0))).toBeNull();
  });

  it("Settimana: 'Includi allenamenti' sends allenamenti: true with the week PDF; unticked, the body is the week alone", async () => {
    const user = userEvent.setup();
    const t = today();
    const { start, end } = weekRange(t);
    const days = Array.from({ length: 7 }, (_, i) => dayjs(start).add(i, 'day').format('YYYY-MM-DD'));
    route = (r) => {
      if (r.path === '/api/exports/preview/week') {
        const casa = [match(1, days[5], true)];
        return json({ week: { start, end }, total: 1, casa, trasferta: [], days: days.map((d) => ({ date: d, casa: casa.filter((m) => m.data === d), trasferta: [] })) });
      }
      if (r.path === '/api/exports/week.pdf') return { status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7 x' };
      return undefined;
    };
    renderPage();
    await waitFor(() => expect(field('to').value).toBe(formatDate(t)));
    await user.click(tab('Settimana'));
    const box = within(panel()).getByRole('checkbox', { name: EXPORT_MSG.includeTrainings });
    expect(box).not.toBeChecked();

    await user.click(within(panel()).getByRole('button', { name: 'Esporta PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(within(panel()).getByRole('button', { name: 'Esporta PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((s) => s.name)).toEqual([`partite_settimanali_${start}_${end}.pdf`, `partite_settimanali_${start}_${end}.pdf`]);
    const bodies = seen.filter((r) => r.path === '/api/exports/week.pdf').map((r) => JSON.parse(r.body));
    expect(bodies).toEqual([{ weekStart: t }, { weekStart: t, allenamenti: true }]);
    await act(async () => undefined);
  });
});
