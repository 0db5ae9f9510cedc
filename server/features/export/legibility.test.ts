// The sheets read from two metres (docs/export.md, PDF layout): the three PDFs
// built by pdf.ts from a realistic Saturday (long category names, a long cancelled match, a long
// reason) and read back with pdfjs-dist (pdf-layout.mjs: where each text run is, its font size,
// and the stroked segments). No word is broken inside a column; the day sheet's match lines are
// at least 12 pt for a day of six matches or fewer (bigger when fewer), the week sheet's at least
// 9 pt; a cancelled match's strike-through covers its text only, line by line.
import type { ExportMatch } from '../../../common/export/rules';
import { dayPdf, tablePdf, weekPdf, type PdfCommon } from './pdf';
import { pdfLayout, pdfPages, type PdfLine, type PdfPageLayout, type PdfTextItem } from '../../../test/exports';

const SATURDAY = '2027-03-13';
const SUNDAY = '2027-03-14';
const MOTIVO = 'Campo impraticabile per la pioggia battente';
const COMMON: PdfCommon = { clubName: 'Garibaldina', generatedAt: '10/03/2027 18:00', feedUrl: 'http://localhost:3000/api/calendar.ics' };

let seq = 0;
function match(m: Partial<ExportMatch> & Pick<ExportMatch, 'ora' | 'squadracasa' | 'squadratrasferta' | 'gruppo'>): ExportMatch {
  const home = m.is_house_match ?? m.squadracasa.startsWith('Garibaldina');
  return {
    id: ++seq, data: SATURDAY, ora_fine: home ? '12:00' : null, campo: home ? 'Campo Comunale Garibaldi' : 'Stadio Comunale Fratelli Rosselli',
    is_house_match: home, spogliatoio_gari: home ? 3 : null, spogliatoio_ospiti: home ? 4 : null, terreno: home ? 'sintetico' : 'erba', tipo_gara: 'campionato',
    stato: 'programmata', motivo_stato: null, data_da_definire: false, data_originale: null, ...m,
  };
}

/** The cancelled match: a title that wraps on every sheet, a reason that wraps in the table's Motivo column. */
const CANCELLED = match({
  ora: '15:30', squadracasa: 'Polisportiva Castelnuovo Berardenga', squadratrasferta: 'Garibaldina Esordienti Fascia B', gruppo: 'Esordienti Fascia B',
  stato: 'annullata', motivo_stato: MOTIVO,
});
/** A Saturday of six matches (three home, three away) with long category names. */
const SIX: ExportMatch[] = [
  match({ ora: '09:00', squadracasa: 'Garibaldina Giovanissimi', squadratrasferta: 'Sporting Valdarno Superiore', gruppo: 'Giovanissimi' }),
  match({ ora: '10:30', squadracasa: 'Garibaldina Esordienti Fascia B', squadratrasferta: 'Virtus Poggibonsi', gruppo: 'Esordienti Fascia B' }),
  match({ ora: '11:00', squadracasa: 'Atletico Colle Val d\'Elsa', squadratrasferta: 'Garibaldina Allievi Regionali', gruppo: 'Allievi Regionali' }),
  match({ ora: '14:30', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Olimpia Sansepolcro', gruppo: 'Pulcini', ora_fine: '15:45' }),
  match({ ora: '16:00', squadracasa: 'Unione Sportiva Montalcino', squadratrasferta: 'Garibaldina Giovanissimi', gruppo: 'Giovanissimi' }),
  CANCELLED,
];
/** Eight matches: the six and two more (a crowded Saturday). */
const EIGHT: ExportMatch[] = [
  ...SIX,
  match({ ora: '17:00', squadracasa: 'Garibaldina Juniores', squadratrasferta: 'Castiglionese Calcio', gruppo: 'Juniores' }),
  match({ ora: '17:30', squadracasa: 'Fortis Juventus 1909', squadratrasferta: 'Garibaldina Primi Calci', gruppo: 'Primi Calci' }),
];
const split = (ms: ExportMatch[]) => ({ casa: ms.filter((m) => m.is_house_match), trasferta: ms.filter((m) => !m.is_house_match) });

/** Every word of the long inputs, as typed. */
const ALL_WORDS = [...new Set([...SIX, ...EIGHT].flatMap((m) => [m.squadracasa, m.squadratrasferta, m.gruppo, m.campo]).concat(MOTIVO).flatMap((s) => s.split(/\s+/)))];
const WORDS = ALL_WORDS.filter((w) => w.length >= 4);

/** The text runs of a page joined into lines: runs on the same baseline that touch (pdfjs may split a line into several runs). */
function textLines(page: PdfPageLayout): string[] {
  const items = [...page.items].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: Array<{ y: number; end: number; text: string }> = [];
  for (const it of items) {
    const line = lines.find((l) => Math.abs(l.y - it.y) < 0.5 && Math.abs(l.end - it.x) < it.size * 0.6);
    if (line) {
      line.text += (it.x - line.end > it.size * 0.1 ? ' ' : '') + it.str;
      line.end = it.x + it.width;
    } else lines.push({ y: it.y, end: it.x + it.width, text: it.str });
  }
  return lines.map((l) => l.text);
}

/**
 * The words of `WORDS` broken across lines: a line's token that is a piece of one of them (its
 * start or its end, two letters or more) and not itself a word of the input.
 */
function brokenWords(pages: PdfPageLayout[]): string[] {
  const lines = pages.flatMap(textLines);
  const tokens = lines.flatMap((l) => l.split(/[\s·]+/)).filter(Boolean);
  const known = new Set(ALL_WORDS);
  const broken = new Set<string>();
  for (const t of tokens) {
    if (known.has(t) || t.length < 3) continue;
    for (const w of WORDS) if (w !== t && (w.startsWith(t) || w.endsWith(t))) broken.add(`${t} (${w}) in: ${lines.find((l) => l.split(/[\s·]+/).includes(t))}`);
  }
  return [...broken];
}

/** Every word of the input is printed whole at least once. */
function missingWords(pages: PdfPageLayout[]): string[] {
  const lines = pages.flatMap(textLines).join('\n');
  return WORDS.filter((w) => !lines.includes(w));
}

/** The text runs of the match cards: below the column titles ('Casa (n)') and above the footer (its rule sits over the QR code). */
function cardItems(page: PdfPageLayout): PdfTextItem[] {
  const titles = page.items.filter((it) => /^Casa \(\d+\)$/.test(it.str.trim())).map((it) => it.y);
  const top = Math.min(...titles);
  const footer = page.height - 32 - 62 - 5;
  return page.items.filter((it) => it.y > top + 2 && it.y < footer);
}

/**
 * The strike-through segments of a page: horizontal strokes crossing a text run between its
 * baseline and its cap height, with the runs they cross (on that baseline).
 */
function strikes(page: PdfPageLayout): Array<{ line: PdfLine; items: PdfTextItem[] }> {
  const found: Array<{ line: PdfLine; items: PdfTextItem[] }> = [];
  for (const line of page.lines) {
    if (Math.abs(line.y1 - line.y2) > 0.01) continue;
    const y = line.y1;
    const [from, to] = [Math.min(line.x1, line.x2), Math.max(line.x1, line.x2)];
    const crossed = page.items.filter((it) => y > it.y - it.size * 0.75 && y < it.y - it.size * 0.1 && it.x < to && it.x + it.width > from);
    if (crossed.length === 0) continue;
    // Every run on that baseline, the words of the title before and after the struck ones included.
    const base = crossed[0].y;
    found.push({ line, items: page.items.filter((it) => Math.abs(it.y - base) < 0.5 && it.x < to + 40 && it.x + it.width > from - 40) });
  }
  return found;
}

/** How far a strike runs past the last letter it crosses (points; 0 or less when it ends on the text). */
function overrun({ line, items }: { line: PdfLine; items: PdfTextItem[] }): number {
  const to = Math.max(line.x1, line.x2);
  const under = items.filter((it) => it.x < to);
  const ends = under.map((it) => it.x + it.width - (it.str.length - it.str.trimEnd().length) * it.size * 0.32);
  return to - Math.max(...ends);
}

describe('sheets readable from two metres', () => {
  it('table PDF: no word of a category, a team or a reason is broken inside its column', async () => {
    const pdf = await tablePdf({ ...COMMON, from: SATURDAY, to: SUNDAY, matches: EIGHT });
    const pages = await pdfLayout(pdf);
    expect(brokenWords(pages)).toEqual([]);
    expect(missingWords(pages)).toEqual([]);
    // The header still names every column (their words whole too).
    const text = (await pdfPages(pdf)).join(' ');
    for (const w of ['Data', 'Inizio', 'Fine', 'Casa', 'Trasferta', 'Gruppo', 'Campo', 'Terreno', 'Tipo', 'Stato', 'Motivo']) expect(textLines(pages[0]).join(' ')).toContain(w);
    expect(text).toContain(MOTIVO.split(' ')[1]);
  });

  it('day and week sheets: no word is broken inside a card', async () => {
    const day = await pdfLayout(await dayPdf({ ...COMMON, date: SATURDAY, ...split(EIGHT) }));
    expect(brokenWords(day)).toEqual([]);
    expect(missingWords(day)).toEqual([]);
    const week = await pdfLayout(await weekSheet(EIGHT));
    expect(brokenWords(week)).toEqual([]);
    expect(missingWords(week)).toEqual([]);
  });

  it('day sheet: a day of six matches is set at 12 pt or more, fewer matches bigger, more matches smaller but still on one page', async () => {
    const six = await pdfLayout(await dayPdf({ ...COMMON, date: SATURDAY, ...split(SIX) }));
    expect(six).toHaveLength(1);
    const sixSizes = cardItems(six[0]).map((it) => it.size);
    expect(sixSizes.length).toBeGreaterThan(20);
    expect(Math.min(...sixSizes)).toBeGreaterThanOrEqual(12);
    // The cards use the page: the last card's text reaches its lower half.
    expect(Math.max(...cardItems(six[0]).map((it) => it.y))).toBeGreaterThan(six[0].height / 2);

    const two = await pdfLayout(await dayPdf({ ...COMMON, date: SATURDAY, ...split([SIX[0], SIX[2]]) }));
    const twoSizes = cardItems(two[0]).map((it) => it.size);
    expect(Math.min(...twoSizes)).toBeGreaterThan(Math.min(...sixSizes));

    const eight = await pdfLayout(await dayPdf({ ...COMMON, date: SATURDAY, ...split(EIGHT) }));
    expect(eight).toHaveLength(1);
    expect(Math.min(...cardItems(eight[0]).map((it) => it.size))).toBeGreaterThanOrEqual(10);
  });

  it('week sheet: the match cards, the day headings and the column titles are 9 pt or more', async () => {
    const pages = await pdfLayout(await weekSheet(EIGHT));
    expect(pages).toHaveLength(1);
    const items = cardItems(pages[0]);
    expect(items.length).toBeGreaterThan(30);
    expect(items.filter((it) => it.size < 9).map((it) => `${it.str} ${it.size.toFixed(1)}`)).toEqual([]);
  });

  it('a cancelled match is struck through line by line, never past its last word', async () => {
    const sheets = {
      day: await pdfLayout(await dayPdf({ ...COMMON, date: SATURDAY, ...split(SIX) })),
      week: await pdfLayout(await weekSheet(SIX)),
      table: await pdfLayout(await tablePdf({ ...COMMON, from: SATURDAY, to: SUNDAY, matches: SIX })),
    };
    for (const [name, pages] of Object.entries(sheets)) {
      const found = pages.flatMap(strikes);
      // The title wraps: at least two struck lines (the table strikes each cell of the row).
      expect([name, found.length >= 2]).toEqual([name, true]);
      expect([name, found.map(overrun).filter((o) => o > 0.75).map((o) => o.toFixed(1))]).toEqual([name, []]);
    }
  });
});

function weekSheet(saturday: ExportMatch[]): Promise<Buffer> {
  const days = ['2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12', SATURDAY, SUNDAY].map((date) => ({
    date,
    ...split(date === SATURDAY ? saturday : date === SUNDAY ? [match({ data: SUNDAY, ora: '10:30', squadracasa: 'Garibaldina Giovanissimi', squadratrasferta: 'Sangiovannese Calcio 1927', gruppo: 'Giovanissimi' })] : []),
  }));
  const total = days.reduce((n, d) => n + d.casa.length + d.trasferta.length, 0);
  return weekPdf({ ...COMMON, start: '2027-03-08', end: SUNDAY, total, days });
}
