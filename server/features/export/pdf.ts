// The PDFs of the export feature, made with pdfkit on A4: the period
// table (landscape, header row repeated on each page), the week calendar and the day sheet
// (portrait, home and away columns with counts). Every page carries the club, the title, the
// period and 'Pagina X di Y'. Text is set in DejaVu Sans, embedded (subset) from the
// dejavu-fonts-ttf package, so any Latin, Greek or Cyrillic letter prints as typed; cells wrap
// inside their column at spaces only and rows grow (layoutSpans; the sheets' type is
// sized to fill the page, dayPdf and weekPdf). Nothing active goes in the file: no JavaScript, no
// actions, no links (docs/export.md).
// Issue 24: every match reads as common/matches/meaning.ts says. On the week and day sheets a match
// that is not plain 'In programma' has its status as a bold word beside the time ('Annullata',
// 'Rinviata - data da definire', 'Sospesa', or 'Spostata dal 21/11/2026' for a match moved to that
// day, which is played there and not marked as postponed), its reason in the grey line; the table's
// Stato column is readMatch().text; headings count with countLine ('3 partite, 1 annullata').
// The week sheet may end with a band of the week's trainings (allenamenti: true; drawTrainingBand).
// Issue 28: a match's card on the week and day sheets names its designated people, the roles held
// only ('Arbitro: Mario Rossi  ·  Accompagnatore: Luca Bianchi'; designationLine).
import PDFDocument from 'pdfkit';
import { BOLD, FONT, registerSheetFonts } from '../../shared/pdf-fonts';
import QRCode from 'qrcode';
import { CALENDAR_MSG } from '../../../common/calendar/rules';
import { countLine } from '../../../common/matches/meaning';
import {
  EXPORT_COLUMNS,
  EXPORT_MSG,
  exportRow,
  formatDate,
  formatLongDate,
  formatWeekday,
  motivoLine,
  statusMark,
  terrenoLabel,
  tipoGaraLabel,
  type DayColumns,
  type ExportColumn,
  type ExportMatch,
  type WeekTrainingGroup,
} from '../../../common/export/rules';
import { GIORNI } from '../../../common/trainings/messages';
import { RUOLO_LABELS } from '../../../common/officials/messages';
import type { DesignatedNames, PeriodDesignations } from './repo';
import type { RitrovoDi } from '../../services/callups/repo';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';

/** The ritrovo of each match whose call-up was sent, by match id (docs/callups.md). */
export type PeriodRitrovi = ReadonlyMap<number, RitrovoDi>;

type Doc = PDFKit.PDFDocument;

// ---- Look ----

const COLOR = {
  text: '#1a1a1a',
  muted: '#5f6b7a',
  brand: '#1f3a5f',
  rule: '#c5ccd6',
  zebra: '#f1f4f8',
  home: '#2e7d32',
  homeBg: '#e8f5e9',
  away: '#1565c0',
  awayBg: '#e3f2fd',
  dayBg: '#e9edf2',
  /** The trainings band of the week sheet. */
  training: '#6d4c00',
  trainingBg: '#fbf5e6',
};
const MARGIN = 32;
/**
 * Longer text is cut (with an ellipsis) before layout: stored text is at most 100 characters,
 * and pdfkit breaks an unspaced word character by character, which on 10,000 characters takes seconds.
 */
const TEXT_MAX = 400;
const cut = (s: string) => (s.length > TEXT_MAX ? `${s.slice(0, TEXT_MAX)}…` : s);
/**
 * Text of one line (names, times): a tab, a line break or another control character stored in it
 * prints as a space, not as a missing-glyph box.
 */
// eslint-disable-next-line no-control-regex
const clip = (s: string) => cut(s.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' '));
/** Text that may hold line breaks (a status's reason): they stay, any other control character is a space. */
// eslint-disable-next-line no-control-regex
const clipLines = (s: string) => cut(s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]+/g, ' '));
const FOOTER_H = 20;

export interface PdfCommon {
  clubName: string;
  /** 'dd/mm/yyyy HH:mm' in the club's timezone. */
  generatedAt: string;
  /**
   * The club calendar feed's address: the week and day sheets print its QR code in
   * the bottom-right corner of every page with 'Inquadra per avere le partite sul telefono'.
   * null: a sheet whose QR would point to localhost (PUBLIC_URL unset); its footer says
   * 'Indirizzo pubblico non configurato (PUBLIC_URL)' instead. Absent: no QR (the table PDF).
   */
  feedUrl?: string | null;
}

/** Side of the printed QR code (points; 62 pt is about 2.2 cm, easy to scan from a notice board). */
const QR_SIZE = 62;
const footerHeight = (common: PdfCommon) => (common.feedUrl ? QR_SIZE + 6 : FOOTER_H);

/** The QR code as vector squares (sharp at any print size; no image in the file), runs of dark modules per row. */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let r = 0; r < modules.size; r++) {
    let c = 0;
    while (c < modules.size) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < modules.size && modules.get(r, c)) c++;
      doc.rect(x + (quiet + start) * cell, y + (quiet + r) * cell, (c - start) * cell, cell);
    }
  }
  doc.fill('#000000');
}

interface PageHeading {
  title: string;
  subtitle: string;
  /** Right-hand note under the title (e.g. the total). */
  note?: string;
}

function newDoc(layout: 'portrait' | 'landscape', heading: PageHeading, common: PdfCommon): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margins: { top: MARGIN, bottom: MARGIN + footerHeight(common), left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `${heading.title} - ${heading.subtitle}`,
      Author: common.clubName,
      Subject: heading.subtitle,
      Creator: `Calendario Partite ${common.clubName}`,
      Producer: `Calendario Partite ${common.clubName}`,
    },
  });
  registerSheetFonts(doc);
  return doc;
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** A new page with the club, title, subtitle and note; returns the y where the content starts. */
function addPage(doc: Doc, heading: PageHeading, common: PdfCommon): number {
  doc.addPage();
  const x = doc.page.margins.left;
  const w = contentWidth(doc);
  let y = doc.page.margins.top;
  doc.font(BOLD).fontSize(15).fillColor(COLOR.brand).text(clip(common.clubName), x, y, { width: w * 0.55, lineBreak: false, ellipsis: true });
  doc.font(BOLD).fontSize(13).fillColor(COLOR.text).text(heading.title, x + w * 0.45, y + 1, { width: w * 0.55, align: 'right', lineBreak: false });
  y += 20;
  // The note (the count: '12 partite, 1 rinviata, 2 annullate') keeps its words whole; the subtitle takes the rest.
  let noteW = 0;
  if (heading.note) {
    const size = fitSize(doc, BOLD, heading.note, w * 0.6, 10, 7);
    noteW = Math.min(doc.widthOfString(heading.note), w * 0.6);
    doc.font(BOLD).fontSize(size).fillColor(COLOR.text).text(heading.note, x + w - noteW, y + (10 - size) / 2, { width: noteW, align: 'right', lineBreak: false, ellipsis: true });
  }
  doc.font(FONT).fontSize(10).fillColor(COLOR.text).text(heading.subtitle, x, y, { width: Math.max(w * 0.4, w - noteW - 12), lineBreak: false, ellipsis: true });
  y += 16;
  doc.moveTo(x, y).lineTo(x + w, y).lineWidth(1.2).strokeColor(COLOR.brand).stroke();
  return y + 8;
}

/** 'Pagina X di Y' and the generation time at the foot of every page, once all pages exist. */
function addFooters(doc: Doc, common: PdfCommon): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const x = doc.page.margins.left;
    const w = contentWidth(doc);
    const y = doc.page.height - MARGIN - 10;
    // Writing below the bottom margin would add a page: lift the margin for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (common.feedUrl) {
      // Notice-board sheets: the club feed's QR code in the bottom-right corner, its caption beside it.
      const top = doc.page.height - MARGIN - QR_SIZE;
      doc.moveTo(x, top - 5).lineTo(x + w, top - 5).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
      drawQr(doc, common.feedUrl, x + w - QR_SIZE, top, QR_SIZE);
      const capW = Math.min(260, w - QR_SIZE - 8);
      doc.font(BOLD).fontSize(9).fillColor(COLOR.brand).text(CALENDAR_MSG.pdfQr, x + w - QR_SIZE - 8 - capW, top + 16, { width: capW, align: 'right', lineBreak: false });
      doc.font(FONT).fontSize(7).fillColor(COLOR.muted).text(clip(common.feedUrl), x + w - QR_SIZE - 8 - capW, top + 30, { width: capW, align: 'right', lineBreak: false, ellipsis: true });
      doc.font(FONT).fontSize(8).fillColor(COLOR.muted);
      doc.text(EXPORT_MSG.generatedAt(common.generatedAt), x, y - 12, { width: w / 2 - QR_SIZE, lineBreak: false });
      doc.text(EXPORT_MSG.page(i - range.start + 1, range.count), x, y, { width: w / 2 - QR_SIZE, lineBreak: false });
    } else {
      doc.moveTo(x, y - 5).lineTo(x + w, y - 5).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
      doc.font(FONT).fontSize(8).fillColor(COLOR.muted);
      doc.text(EXPORT_MSG.generatedAt(common.generatedAt), x, y, { width: w * 0.3, lineBreak: false });
      // A notice-board sheet without PUBLIC_URL: the middle of the footer says why there is no QR code.
      if (common.feedUrl === null)
        doc.font(BOLD).fillColor(COLOR.brand).text(EXPORT_MSG.publicUrlMissing, x + w * 0.25, y, { width: w * 0.5, align: 'center', lineBreak: false }).font(FONT).fillColor(COLOR.muted);
      doc.text(EXPORT_MSG.page(i - range.start + 1, range.count), x + w * 0.7, y, { width: w * 0.3, align: 'right', lineBreak: false });
    }
    doc.page.margins.bottom = bottom;
  }
}

function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The largest font size from `size` down to `min` (half points) at which `text` fits in `width`; the font is left set to it. */
function fitSize(doc: Doc, font: string, text: string, width: number, size: number, min: number): number {
  let s = size;
  doc.font(font).fontSize(s);
  while (s > min && doc.widthOfString(text) > width) doc.fontSize((s -= 0.5));
  return s;
}

// ---- Words kept whole ----
//
// Every cell and card line is laid out here rather than by pdfkit's wrapping, which breaks a word
// too wide for its column letter by letter ('Giovanissi' / 'mi') and strikes a wrapped line to
// the column's edge: lines break at spaces (and at the line breaks of a reason) only; a word wider
// than the column shrinks the font of its whole block, down to SIZE_FLOOR, past which (a word of
// hundreds of letters) it is cut into pieces that fit. A struck span is crossed out line by line,
// over its letters only.

/** A piece of text in one face and colour; `struck`: crossed out (a cancelled match). */
export interface Span {
  text: string;
  font?: string;
  color?: string;
  struck?: boolean;
  /** Never broken (a match's time '09:00 - 10:15'). */
  keep?: boolean;
}

interface Token {
  /** The word and the spaces after it. */
  text: string;
  /** Widths at 1 pt: the word alone, and with its spaces. */
  word: number;
  full: number;
  font: string;
  color: string;
  struck: boolean;
  /** A line break follows. */
  br: boolean;
}

/** A block laid out in a width: its font size, its lines of tokens, the height of a line and of the whole. */
export interface Block {
  size: number;
  lines: Token[][];
  lineHeight: number;
  height: number;
}

/** The smallest size a block may shrink to so that its widest word fits its column. */
const SIZE_FLOOR = 4;
const widths = new Map<string, number>();

/** Width of `text` in `font` at 1 pt (cached: a 1,000-match table measures the same words often). */
function unitWidth(doc: Doc, font: string, text: string): number {
  const key = `${font}\u0000${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    w = doc.font(font).fontSize(1).widthOfString(text);
    if (widths.size > 50_000) widths.clear();
    widths.set(key, w);
  }
  return w;
}

function tokensOf(doc: Doc, spans: Span[]): Token[] {
  const tokens: Token[] = [];
  for (const span of spans) {
    const font = span.font ?? FONT;
    const first = tokens.length;
    const paragraphs = span.text.split('\n');
    paragraphs.forEach((para, p) => {
      const words = span.keep ? [para] : (para.match(/\S+\s*|^\s+/g) ?? []);
      for (const text of words) {
        const word = text.trimEnd();
        // A separator ('·', the '-' between two teams) ends the line before it, never starts one.
        const prev = tokens[tokens.length - 1];
        if (/^[·\-–]$/.test(word) && prev && !prev.br && prev.font === font && prev.struck === !!span.struck && tokens.length > first) {
          const joined = prev.text + text;
          tokens[tokens.length - 1] = { ...prev, text: joined, word: unitWidth(doc, font, joined.trimEnd()), full: unitWidth(doc, font, joined) };
          continue;
        }
        tokens.push({ text, word: unitWidth(doc, font, word), full: unitWidth(doc, font, text), font, color: span.color ?? COLOR.text, struck: !!span.struck, br: false });
      }
      if (p < paragraphs.length - 1 && tokens.length) tokens[tokens.length - 1].br = true;
    });
  }
  return tokens;
}

/** A word still wider than `width` at the floor size, cut into pieces that fit (only for text no one would type). */
function cutWord(doc: Doc, t: Token, width: number, size: number): Token[] {
  const pieces: Token[] = [];
  let rest = t.text.trimEnd();
  while (rest) {
    let n = rest.length;
    while (n > 1 && unitWidth(doc, t.font, rest.slice(0, n)) * size > width) n = Math.max(1, Math.floor(n * 0.9));
    const text = rest.slice(0, n);
    rest = rest.slice(n);
    const w = unitWidth(doc, t.font, text);
    pieces.push({ ...t, text, word: w, full: w, br: rest ? true : t.br });
  }
  return pieces;
}

/**
 * `spans` laid out in `width` at `size`, or smaller (half points) until its widest word fits;
 * at most `maxHeight` high (the last line then ends with an ellipsis).
 */
export function layoutSpans(doc: Doc, spans: Span[], width: number, size: number, maxHeight = Infinity): Block {
  let tokens = tokensOf(doc, spans);
  const widest = Math.max(0, ...tokens.map((t) => t.word));
  let s = size;
  while (s > SIZE_FLOOR && widest * s > width) s -= 0.5;
  if (widest * s > width) tokens = tokens.flatMap((t) => (t.word * s > width ? cutWord(doc, t, width, s) : [t]));
  const lines: Token[][] = [];
  let line: Token[] = [];
  let used = 0;
  for (const t of tokens) {
    if (line.length && used + t.word * s > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    line.push(t);
    used += t.full * s;
    if (t.br) {
      lines.push(line);
      line = [];
      used = 0;
    }
  }
  if (line.length || lines.length === 0) lines.push(line);
  const lineHeight = doc.font(FONT).fontSize(s).currentLineHeight(true);
  const fit = Math.max(1, Math.floor((maxHeight + 0.01) / lineHeight));
  if (lines.length > fit) {
    lines.length = fit;
    const last = lines[fit - 1];
    const dots = unitWidth(doc, last[0]?.font ?? FONT, '…') * s;
    while (last.length > 1 && last.reduce((w, t) => w + t.full * s, 0) + dots > width) last.pop();
    if (last.length) {
      const t = last[last.length - 1];
      const text = `${t.text.trimEnd()}…`;
      last[last.length - 1] = { ...t, text, word: unitWidth(doc, t.font, text), full: unitWidth(doc, t.font, text) };
    }
  }
  return { size: s, lines, lineHeight, height: lines.length * lineHeight };
}

/**
 * Draws a block with its top-left corner at (x, y); `align: 'right'` sets each line against
 * x + width. Returns the y under it.
 */
export function drawBlock(doc: Doc, block: Block, x: number, y: number, width = 0, align: 'left' | 'right' = 'left'): number {
  const s = block.size;
  for (const line of block.lines) {
    const lineWidth = line.reduce((w, t, i) => w + (i === line.length - 1 ? t.word : t.full) * s, 0);
    let cx = align === 'right' ? x + width - lineWidth : x;
    // Runs of one face and colour go out as one string.
    for (let i = 0; i < line.length; ) {
      let j = i;
      let text = '';
      while (j < line.length && line[j].font === line[i].font && line[j].color === line[i].color && line[j].struck === line[i].struck) text += line[j++].text;
      const run = line.slice(i, j);
      const last = j === line.length;
      doc.font(run[0].font).fontSize(s).fillColor(run[0].color).text(last ? text.trimEnd() : text, cx, y, { lineBreak: false });
      const runWidth = run.reduce((w, t) => w + t.full * s, 0);
      if (run[0].struck) {
        // Over the letters only: the spaces after the run's last word are not crossed out.
        const letters = runWidth - (run[run.length - 1].full - run[run.length - 1].word) * s;
        const lineY = y + doc.currentLineHeight() / 2;
        doc.save().lineWidth(s < 10 ? 0.5 : Math.floor(s / 10)).strokeColor(run[0].color);
        doc.moveTo(cx, lineY).lineTo(cx + letters, lineY).stroke().restore();
      }
      cx += runWidth;
      i = j;
    }
    y += block.lineHeight;
  }
  return y;
}

function emptyNotice(doc: Doc, y: number, text: string): void {
  const x = doc.page.margins.left;
  doc.font(FONT).fontSize(12).fillColor(COLOR.muted).text(text, x, y + 24, { width: contentWidth(doc), align: 'center' });
}

// ---- Period table ----

/** Relative widths of the columns (docs/screens.md order, then Stato and Motivo); scaled to the page width. */
const COLUMN_WEIGHTS: Record<ExportColumn, number> = {
  Data: 64, Inizio: 38, Fine: 34, Casa: 92, Trasferta: 92, Gruppo: 60, Campo: 86, Terreno: 48, Tipo: 64, 'Casa/Trasferta': 60, Stato: 76, Motivo: 80,
};
const CELL_PAD = 4;
const TABLE_FONT = 8.5;
/** No column asks for more than this share of the width to hold its widest word. */
const COLUMN_CAP = 0.22;

/**
 * The columns' widths: the weights' shares, except that a column gets at least the
 * width of its widest word (header included, at the table's size, capped at COLUMN_CAP), taken
 * from the columns that have room to spare; when the words do not fit the page at all, each
 * column gets its need's share and its cells shrink their font.
 */
function columnWidths(total: number, words: number[]): number[] {
  const need = words.map((w) => Math.min(w * TABLE_FONT + 2 * CELL_PAD, total * COLUMN_CAP));
  const needSum = need.reduce((a, b) => a + b, 0);
  if (needSum >= total) return need.map((n) => (n / needSum) * total);
  const weights = EXPORT_COLUMNS.map((c) => COLUMN_WEIGHTS[c]);
  const pinned = new Set<number>();
  for (;;) {
    const free = weights.map((_, i) => i).filter((i) => !pinned.has(i));
    const room = total - [...pinned].reduce((a, i) => a + need[i], 0);
    const weight = free.reduce((a, i) => a + weights[i], 0);
    const short = free.filter((i) => (weights[i] / weight) * room < need[i]);
    if (short.length === 0) return weights.map((wt, i) => (pinned.has(i) ? need[i] : (wt / weight) * room));
    for (const i of short) pinned.add(i);
  }
}

/** The widest word (at 1 pt) of each column over the header and every row. */
function widestWords(doc: Doc, rows: Array<{ cells: string[]; bold: boolean[] }>): number[] {
  const widest = EXPORT_COLUMNS.map((c) => Math.max(...c.split(/\s+/).map((w) => unitWidth(doc, BOLD, w))));
  for (const { cells, bold } of rows) {
    cells.forEach((t, i) => {
      for (const w of t.split(/\s+/)) if (w) widest[i] = Math.max(widest[i], unitWidth(doc, bold[i] ? BOLD : FONT, w));
    });
  }
  return widest;
}

export async function tablePdf(input: PdfCommon & { from: string; to: string; matches: ExportMatch[] }): Promise<Buffer> {
  const heading: PageHeading = {
    title: EXPORT_MSG.tableTitle,
    subtitle: EXPORT_MSG.period(input.from, input.to),
    note: countLine(input.matches),
  };
  const doc = newDoc('landscape', heading, input);
  const x0 = MARGIN;
  let y = addPage(doc, heading, input);
  const w = contentWidth(doc);
  const maxRow = (bottomLimit(doc) - y) / 2;

  const rows = input.matches.map((m) => {
    const row = exportRow(m);
    const cells = EXPORT_COLUMNS.map((c) => (c === 'Motivo' ? clipLines(row[c]) : clip(row[c])));
    // Issue 16: a cancelled match is struck through; a status other than plain In programma
    // (a moved match's 'Spostata dal' included) in bold, in its badge colour.
    const mark = statusMark(m);
    const bold = EXPORT_COLUMNS.map((c) => (c === 'Casa/Trasferta' && m.is_house_match) || (c === 'Stato' && mark !== null));
    return { cells, bold, mark };
  });
  const widths = columnWidths(w, widestWords(doc, rows));
  const inner = (i: number) => widths[i] - 2 * CELL_PAD;

  const headerRow = () => {
    const blocks = EXPORT_COLUMNS.map((c, i) => layoutSpans(doc, [{ text: c, font: BOLD, color: '#ffffff' }], inner(i), TABLE_FONT, 40));
    const h = Math.max(...blocks.map((b) => b.height)) + 2 * CELL_PAD;
    doc.rect(x0, y, w, h).fill(COLOR.brand);
    let x = x0;
    blocks.forEach((b, i) => {
      drawBlock(doc, b, x + CELL_PAD, y + CELL_PAD);
      x += widths[i];
    });
    y += h;
  };

  headerRow();
  if (input.matches.length === 0) emptyNotice(doc, y, EXPORT_MSG.emptyPeriod);
  rows.forEach(({ cells, bold, mark }, index) => {
    // Each cell laid out in the font it is set in (bold text is wider and may need one more line).
    const blocks = cells.map((t, i) => {
      const column = EXPORT_COLUMNS[i];
      const color = column === 'Stato' && mark ? mark.color : bold[i] ? COLOR.home : COLOR.text;
      const struck = !!mark?.struck && column !== 'Stato' && column !== 'Motivo';
      return layoutSpans(doc, [{ text: t, font: bold[i] ? BOLD : FONT, color, struck }], inner(i), TABLE_FONT, maxRow);
    });
    const h = Math.max(...blocks.map((b) => b.height)) + 2 * CELL_PAD;
    if (y + h > bottomLimit(doc)) {
      y = addPage(doc, heading, input);
      headerRow();
    }
    if (index % 2 === 1) doc.rect(x0, y, w, h).fill(COLOR.zebra);
    let x = x0;
    blocks.forEach((b, i) => {
      drawBlock(doc, b, x + CELL_PAD, y + CELL_PAD);
      x += widths[i];
    });
    doc.moveTo(x0, y + h).lineTo(x0 + w, y + h).lineWidth(0.4).strokeColor(COLOR.rule).stroke();
    y += h;
  });
  addFooters(doc, input);
  return toBuffer(doc);
}

// ---- Week and day: home and away columns ----

const GAP = 12;

interface CardLines {
  time: string;
  /** 'ritrovo 14:15' beside the time when the call-up was sent, else ''. */
  ritrovo: string;
  /** The bold status beside the time, '' for a plain In programma. */
  status: string;
  teams: string;
  details: string[];
}

/**
 * The lines of one match card: time, status, teams, then details (the status's reason, campo,
 * gruppo, tipo, terreno, rooms for home matches).
 */
function cardLines(m: ExportMatch, s: CardStyle): CardLines {
  const time = clip(m.ora_fine ? `${m.ora} - ${m.ora_fine}` : m.ora);
  const status = statusMark(m)?.text ?? '';
  // Issue 36: the ritrovo beside the kick-off; its place among the details when it is not the pitch.
  const r = s.ritrovi?.get(m.id);
  const ritrovo = r ? CONVOCAZIONI_MSG.sheet.beside(r.ora) : '';
  const first = [`Campo: ${clip(m.campo)}`];
  if (r && r.luogo !== m.campo) first.push(CONVOCAZIONI_MSG.sheet.luogo(clip(r.luogo)));
  const terreno = terrenoLabel(m.terreno);
  if (terreno) first.push(`Terreno: ${terreno}`);
  const second = [`Gruppo: ${clip(m.gruppo)}`];
  const tipo = tipoGaraLabel(m.tipo_gara);
  if (tipo) second.push(`Tipo: ${tipo}`);
  const details = [first.join('  ·  '), second.join('  ·  ')];
  if (m.is_house_match && (m.spogliatoio_gari != null || m.spogliatoio_ospiti != null)) {
    details.push(EXPORT_MSG.dressingRooms(s.clubName, m.spogliatoio_gari, m.spogliatoio_ospiti));
  }
  // Issue 28: the designated people, after the match's own details.
  const designated = designationLine(s.designazioni?.get(m.id));
  if (designated) details.push(designated);
  // Issue 16: the reason of a status other than In programma leads the details (the status itself is beside the time).
  const motivo = motivoLine(m);
  const teams = `${clip(m.squadracasa)} - ${clip(m.squadratrasferta)}`;
  // The week calendar packs the details in one line (it wraps when long).
  if (s.compact) return { time, ritrovo, status, teams, details: [clip([...(motivo ? [motivo] : []), ...details].join('  ·  '))] };
  return { time, ritrovo, status, teams, details: [...(motivo ? [clipLines(motivo)] : []), ...details.map(clip)] };
}

/** 'Arbitro: Mario Rossi  ·  Accompagnatore: Luca Bianchi', the roles held only in RUOLO_LABELS order; null when nobody is designated. */
export function designationLine(names: DesignatedNames | undefined): string | null {
  if (!names) return null;
  const held = (Object.keys(RUOLO_LABELS) as Array<keyof typeof RUOLO_LABELS>).filter((r) => names[r]).map((r) => `${RUOLO_LABELS[r]}: ${clip(names[r]!)}`);
  return held.length ? held.join('  ·  ') : null;
}

interface CardStyle {
  clubName: string;
  compact: boolean;
  /** The first line (time, status, teams), bold. */
  size: number;
  /** The details' lines. */
  detailSize: number;
  pad: number;
  /** Space between two rows of cards. */
  gap: number;
  maxHeight: number;
  /** The designated people by match id (repo.listDesignations); none printed when absent. */
  designazioni?: PeriodDesignations;
  /** The ritrovi of the sent call-ups by match id (services/callups ritroviBetween); none printed when absent. */
  ritrovi?: PeriodRitrovi;
}

/** A card's blocks, laid out in its width (the first line, then each detail), and the card's height. */
function cardBlocks(doc: Doc, m: ExportMatch, width: number, s: CardStyle): { blocks: Block[]; height: number } {
  const { time, ritrovo, status, teams, details } = cardLines(m, s);
  const mark = statusMark(m);
  const accent = m.is_house_match ? COLOR.home : COLOR.away;
  const inner = width - 2 * s.pad;
  const head = layoutSpans(
    doc,
    [
      { text: `${time}  `, font: BOLD, color: accent, keep: true },
      ...(ritrovo ? [{ text: `(${ritrovo})  `, font: FONT, color: accent, keep: true }] : []),
      ...(mark ? [{ text: `${status}  `, font: BOLD, color: mark.color }] : []),
      { text: teams, font: BOLD, color: COLOR.text, struck: !!mark?.struck },
    ],
    inner,
    s.size,
    s.maxHeight,
  );
  const blocks = [head];
  let room = s.maxHeight - head.height;
  for (const d of details) {
    const block = layoutSpans(doc, [{ text: d, color: COLOR.muted }], inner, s.detailSize, room);
    if (block.lines.length === 0 || block.height > room) break;
    blocks.push(block);
    room -= block.height;
  }
  return { blocks, height: s.maxHeight - room + 2 * s.pad };
}

const cardHeight = (doc: Doc, m: ExportMatch, width: number, s: CardStyle) => cardBlocks(doc, m, width, s).height;

function drawCard(doc: Doc, m: ExportMatch, x: number, y: number, width: number, height: number, s: CardStyle): void {
  const accent = m.is_house_match ? COLOR.home : COLOR.away;
  doc.rect(x, y, width, height).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
  doc.rect(x, y, 3, height).fill(accent);
  let cy = y + s.pad;
  for (const block of cardBlocks(doc, m, width, s).blocks) cy = drawBlock(doc, block, x + s.pad, cy);
}

const columnWidth = (doc: Doc) => (contentWidth(doc) - GAP) / 2;

/** The heights of the rows of cards (row i holds the i-th home and the i-th away match), gaps left out. */
function rowHeights(doc: Doc, cols: DayColumns, s: CardStyle): number[] {
  const colW = columnWidth(doc);
  const rows = Math.max(cols.casa.length, cols.trasferta.length);
  return Array.from({ length: rows }, (_, i) => {
    const home = cols.casa[i];
    const away = cols.trasferta[i];
    return Math.max(home ? cardHeight(doc, home, colW, s) : 0, away ? cardHeight(doc, away, colW, s) : 0);
  });
}

/**
 * Home and away matches side by side, row by row (row i holds the i-th home and the i-th away
 * match), breaking to a new page between rows; `onNewPage` redraws the page heading and the
 * column titles and returns the new y.
 */
function drawColumns(
  doc: Doc,
  cols: DayColumns,
  y: number,
  s: CardStyle,
  onNewPage: () => number,
): number {
  const x0 = MARGIN;
  const colW = columnWidth(doc);
  rowHeights(doc, cols, s).forEach((h, i) => {
    const home = cols.casa[i];
    const away = cols.trasferta[i];
    if (y + h > bottomLimit(doc)) y = onNewPage();
    if (home) drawCard(doc, home, x0, y, colW, h, s);
    if (away) drawCard(doc, away, x0 + colW + GAP, y, colW, h, s);
    y += h + s.gap;
  });
  return y;
}

/** Height of the column titles ('Casa (3)', 'Trasferta (2)') at `size`, the space under them included. */
const titlesHeight = (size: number) => size + 11;

function columnTitles(doc: Doc, cols: DayColumns, y: number, size: number): number {
  const x0 = MARGIN;
  const colW = (contentWidth(doc) - GAP) / 2;
  const h = titlesHeight(size) - 3;
  doc.rect(x0, y, colW, h).fill(COLOR.homeBg);
  doc.rect(x0 + colW + GAP, y, colW, h).fill(COLOR.awayBg);
  doc.font(BOLD).fontSize(size);
  doc.fillColor(COLOR.home).text(EXPORT_MSG.casaCount(cols.casa.length), x0 + 6, y + 4, { width: colW - 12, lineBreak: false });
  doc.fillColor(COLOR.away).text(EXPORT_MSG.trasfertaCount(cols.trasferta.length), x0 + colW + GAP + 6, y + 4, { width: colW - 12, lineBreak: false });
  return y + h + 3;
}

/**
 * The largest size from `max` down to `min`, in half points, for which `fits` holds (the height
 * of a sheet shrinks with its type: a binary search), `min` when none does.
 */
function largestFitting(min: number, max: number, fits: (size: number) => boolean): number {
  let lo = 0;
  let hi = Math.round((max - min) * 2);
  if (!fits(min)) return min;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(min + mid / 2)) lo = mid;
    else hi = mid - 1;
  }
  return min + lo / 2;
}

// ---- Week calendar ----

/** A category's line of the trainings band: its label (bold) and its trainings of the week. */
function trainingLine(g: WeekTrainingGroup): { label: string; text: string } {
  const items = g.items.map((t) => EXPORT_MSG.trainingItem(GIORNI[t.giorno - 1], t.oraInizio, t.oraFine, clip(t.campo), t.spogliatoi));
  return { label: clip(EXPORT_MSG.trainingsLabel(g.gruppo)), text: items.join(EXPORT_MSG.trainingsSeparator) };
}

const BAND_PAD = 4;

/** The trainings band's rows, laid out at `size` in the page's width. */
function bandBlocks(doc: Doc, groups: WeekTrainingGroup[], size: number): Block[] {
  const inner = contentWidth(doc) - 2 * BAND_PAD - 3;
  const lines = groups.length === 0 ? [{ label: EXPORT_MSG.noTrainings, text: '' }] : groups.map(trainingLine);
  return lines.map(({ label, text }) =>
    layoutSpans(doc, [{ text: label, font: BOLD, color: COLOR.training }, { text, color: COLOR.text }], inner, size, 200),
  );
}

/**
 * The trainings band at the foot of the week sheet (docs/export.md): one row per category,
 * 'Allenamenti Esordienti: lunedì 18:00-19:30 Campo Comunale (spogliatoi 3, 4); giovedì ...', or
 * 'Allenamenti: nessuno in questa settimana'. Rows break between pages like the match cards.
 */
function drawTrainingBand(doc: Doc, groups: WeekTrainingGroup[], size: number, y: number, onNewPage: () => number): number {
  const x0 = MARGIN;
  const w = contentWidth(doc);
  y += 4;
  for (const block of bandBlocks(doc, groups, size)) {
    const h = block.height + 2 * BAND_PAD;
    if (y + h > bottomLimit(doc)) y = onNewPage() + 4;
    doc.rect(x0, y, w, h).fill(COLOR.trainingBg);
    doc.rect(x0, y, 3, h).fill(COLOR.training);
    drawBlock(doc, block, x0 + 3 + BAND_PAD, y + BAND_PAD);
    y += h + 2;
  }
  return y;
}

/** The week sheet's type: match lines from WEEK_MAX down to WEEK_MIN points, details one point smaller (9 pt at least). */
const WEEK_MAX = 13;
const WEEK_MIN = 10;
/** Height of a day's heading band at `size`, the space under it included. */
const dayHeadingHeight = (size: number) => size + 10;

function weekStyle(size: number, input: { clubName: string; designazioni?: PeriodDesignations; ritrovi?: PeriodRitrovi }): CardStyle {
  return {
    clubName: input.clubName,
    compact: true,
    size,
    detailSize: size - 1,
    pad: Math.round(size * 0.4),
    gap: 3,
    maxHeight: 16 * size,
    designazioni: input.designazioni,
    ritrovi: input.ritrovi,
  };
}

export async function weekPdf(
  input: PdfCommon & {
    start: string;
    end: string;
    total: number;
    days: Array<DayColumns & { date: string }>;
    /** The week's trainings by category (week-pdf.ts weekTrainings): a band at the foot of the sheet; none when absent. */
    trainings?: WeekTrainingGroup[];
    /** The week's designated people by match id (repo.listDesignations). */
    designazioni?: PeriodDesignations;
    /** The ritrovi of the week's sent call-ups by match id. */
    ritrovi?: PeriodRitrovi;
  },
): Promise<Buffer> {
  const heading: PageHeading = {
    title: EXPORT_MSG.weekTitle,
    subtitle: EXPORT_MSG.week(input.start, input.end),
    note: countLine(input.days.flatMap((d) => [...d.casa, ...d.trasferta])),
  };
  const doc = newDoc('portrait', heading, input);
  let y = addPage(doc, heading, input);
  const x0 = MARGIN;
  const w = contentWidth(doc);
  const days = input.total === 0 ? [] : input.days;

  // The largest type at which the whole week fits the first page (a week with a normal Saturday
  // of 12 matches does at 10 pt); a longer week is set at WEEK_MIN and breaks between matches.
  const weekHeight = (size: number) => {
    const style = weekStyle(size, input);
    let h = 0;
    for (const day of days) {
      const n = day.casa.length + day.trasferta.length;
      h += dayHeadingHeight(size) + (n === 0 ? 2 : titlesHeight(size - 1) + rowHeights(doc, day, style).reduce((a, r) => a + r + style.gap, 0) + 6);
    }
    if (input.trainings) h += 4 + bandBlocks(doc, input.trainings, size - 1).reduce((a, b) => a + b.height + 2 * BAND_PAD + 2, 0);
    return h;
  };
  const size = largestFitting(WEEK_MIN, WEEK_MAX, (z) => y + weekHeight(z) <= bottomLimit(doc));
  const WEEK_CARD = weekStyle(size, input);
  const titleSize = size - 1;

  const dayHeading = (date: string, cols: DayColumns, cont: boolean) => {
    const n = cols.casa.length + cols.trasferta.length;
    const h = dayHeadingHeight(size) - 3;
    doc.rect(x0, y, w, h).fill(COLOR.dayBg);
    const label = formatWeekday(date);
    const text = label.charAt(0).toUpperCase() + label.slice(1) + (cont ? ` ${EXPORT_MSG.continued}` : '');
    doc.font(BOLD).fontSize(size).fillColor(COLOR.brand).text(text, x0 + 6, y + 3.5, { lineBreak: false });
    const labelW = doc.widthOfString(text);
    const counts = n === 0 ? EXPORT_MSG.noMatches : `${countLine([...cols.casa, ...cols.trasferta])}  ·  ${EXPORT_MSG.casaCount(cols.casa.length)}  ·  ${EXPORT_MSG.trasfertaCount(cols.trasferta.length)}`;
    // The counts beside the day's name, in the width it leaves ('Sabato 21 novembre (segue)').
    const countsW = w - labelW - 24;
    const small = fitSize(doc, FONT, counts, countsW, size - 1, 9);
    doc.fillColor(COLOR.text).text(counts, x0 + w - 6 - countsW, y + 3.5 + (size - small) * 0.8, { width: countsW, align: 'right', lineBreak: false, ellipsis: true });
    y += h + 3;
  };

  if (input.total === 0) {
    emptyNotice(doc, y, EXPORT_MSG.emptyPeriod);
    y = doc.y + 16;
  }
  for (const day of days) {
    const n = day.casa.length + day.trasferta.length;
    // A day heading never stays alone at the foot of a page.
    const first = n === 0 ? 0 : titlesHeight(titleSize) + rowHeights(doc, { casa: day.casa.slice(0, 1), trasferta: day.trasferta.slice(0, 1) }, WEEK_CARD)[0];
    if (y + dayHeadingHeight(size) + first > bottomLimit(doc)) y = addPage(doc, heading, input);
    dayHeading(day.date, day, false);
    if (n === 0) {
      y += 2;
      continue;
    }
    y = columnTitles(doc, day, y, titleSize);
    y = drawColumns(doc, day, y, WEEK_CARD, () => {
      y = addPage(doc, heading, input);
      dayHeading(day.date, day, true);
      return columnTitles(doc, day, y, titleSize);
    });
    y += 6;
  }
  if (input.trainings) drawTrainingBand(doc, input.trainings, size - 1, y, () => addPage(doc, heading, input));
  addFooters(doc, input);
  return toBuffer(doc);
}

// ---- Day sheet ----

/**
 * The day sheet's type: the largest size from DAY_MAX down at which the day fits one
 * page, at least DAY_MIN_FEW for six matches or fewer (a longer day then breaks between
 * matches), at least DAY_FLOOR for more (a Saturday of 12 matches with long names stays on one
 * page); details one point smaller.
 */
const DAY_MAX = 22;
const DAY_MIN_FEW = 13;
const DAY_FLOOR = 10;

function dayStyle(size: number, input: { clubName: string; designazioni?: PeriodDesignations; ritrovi?: PeriodRitrovi }): CardStyle {
  return {
    clubName: input.clubName,
    compact: false,
    size,
    detailSize: size - 1,
    pad: Math.round(size * 0.45),
    gap: 3,
    maxHeight: 20 * size,
    designazioni: input.designazioni,
    ritrovi: input.ritrovi,
  };
}

export async function dayPdf(
  input: PdfCommon & {
    date: string;
    casa: ExportMatch[];
    trasferta: ExportMatch[];
    /** The day's designated people by match id (repo.listDesignations). */
    designazioni?: PeriodDesignations;
    /** The ritrovi of the day's sent call-ups by match id. */
    ritrovi?: PeriodRitrovi;
  },
): Promise<Buffer> {
  const total = input.casa.length + input.trasferta.length;
  const heading: PageHeading = {
    title: EXPORT_MSG.dayTitle,
    subtitle: `${formatLongDate(input.date)} (${formatDate(input.date)})`,
    note: countLine([...input.casa, ...input.trasferta]),
  };
  const doc = newDoc('portrait', heading, input);
  let y = addPage(doc, heading, input);
  if (total === 0) {
    emptyNotice(doc, y, EXPORT_MSG.emptyPeriod);
  } else {
    const room = bottomLimit(doc) - y;
    const height = (size: number, style: CardStyle) => titlesHeight(size) + rowHeights(doc, input, style).reduce((a, r) => a + r + style.gap, 0);
    const size = largestFitting(total <= 6 ? DAY_MIN_FEW : DAY_FLOOR, DAY_MAX, (z) => height(z, dayStyle(z, input)) <= room);
    const style = dayStyle(size, input);
    // What is left of the page spreads between the rows (a short day is not packed at the top).
    const rows = Math.max(input.casa.length, input.trasferta.length);
    const spare = room - height(size, style);
    if (spare > 0) style.gap += Math.min(spare / rows, size * 1.5);
    y = columnTitles(doc, input, y, size);
    drawColumns(doc, input, y, style, () => columnTitles(doc, input, addPage(doc, heading, input), size));
  }
  addFooters(doc, input);
  return toBuffer(doc);
}
