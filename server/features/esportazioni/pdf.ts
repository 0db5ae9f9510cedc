// The PDFs of the export feature (issue 10 items 3 and 5), made with pdfkit on A4: the period
// table (landscape, header row repeated on each page), the week calendar and the day sheet
// (portrait, home and away columns with counts). Every page carries the club, the title, the
// period and 'Pagina X di Y'. Text is set in DejaVu Sans, embedded (subset) from the
// dejavu-fonts-ttf package, so any Latin, Greek or Cyrillic letter prints as typed; cells wrap
// inside their column and rows grow. Nothing active goes in the file: no JavaScript, no
// actions, no links (SECURITY S14).
// Issue 24: every match reads as common/partite/meaning.ts says. On the week and day sheets a match
// that is not plain 'In programma' has its status as a bold word beside the time ('Annullata',
// 'Rinviata - data da definire', 'Sospesa', or 'Spostata dal 21/11/2026' for a match moved to that
// day, which is played there and not marked as postponed), its reason in the grey line; the table's
// Stato column is readMatch().text; headings count with countLine ('3 partite, 1 annullata').
// The week sheet may end with a band of the week's trainings (allenamenti: true; drawTrainingBand).
// Issue 28: a match's card on the week and day sheets names its designated people, the roles held
// only ('Arbitro: Mario Rossi  ·  Accompagnatore: Luca Bianchi'; designationLine).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CALENDAR_MSG } from '../../../common/calendar/rules';
import { countLine } from '../../../common/partite/meaning';
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
} from '../../../common/esportazioni/rules';
import { GIORNI } from '../../../common/allenamenti/messages';
import { RUOLO_LABELS } from '../../../common/dirigenti/messages';
import type { DesignatedNames, PeriodDesignations } from './repo';

type Doc = PDFKit.PDFDocument;

// ---- Fonts ----

const FONT = 'Sans';
const BOLD = 'Sans-Bold';
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The DejaVu TTF files, read once (resolved from the project's node_modules). */
function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const req = createRequire(path.resolve('package.json'));
    const dir = path.dirname(req.resolve('dejavu-fonts-ttf/package.json'));
    fonts = {
      regular: fs.readFileSync(path.join(dir, 'ttf', 'DejaVuSans.ttf')),
      bold: fs.readFileSync(path.join(dir, 'ttf', 'DejaVuSans-Bold.ttf')),
    };
  }
  return fonts;
}

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
 * prints as a space, not as a missing-glyph box (issue 24).
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
   * The club calendar feed's address (issue 14): the week and day sheets print its QR code in
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
  const { regular, bold } = fontFiles();
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
  doc.registerFont(FONT, regular);
  doc.registerFont(BOLD, bold);
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

/** Height of `text` set in `width` with the current font, capped at `max` (the text is then cut with an ellipsis). */
function textHeight(doc: Doc, text: string, width: number, max: number): number {
  return Math.min(doc.heightOfString(text || ' ', { width }), max);
}

/** The largest font size from `size` down to `min` (half points) at which `text` fits in `width`; the font is left set to it. */
function fitSize(doc: Doc, font: string, text: string, width: number, size: number, min: number): number {
  let s = size;
  doc.font(font).fontSize(s);
  while (s > min && doc.widthOfString(text) > width) doc.fontSize((s -= 0.5));
  return s;
}

function emptyNotice(doc: Doc, y: number, text: string): void {
  const x = doc.page.margins.left;
  doc.font(FONT).fontSize(12).fillColor(COLOR.muted).text(text, x, y + 24, { width: contentWidth(doc), align: 'center' });
}

// ---- Period table ----

/** Relative widths of the columns (spec 2 order, then Stato and Motivo); scaled to the page width. */
const COLUMN_WEIGHTS: Record<ExportColumn, number> = {
  Data: 64, Inizio: 38, Fine: 34, Casa: 92, Trasferta: 92, Gruppo: 60, Campo: 86, Terreno: 48, Tipo: 64, 'Casa/Trasferta': 60, Stato: 76, Motivo: 80,
};
const CELL_PAD = 4;
const TABLE_FONT = 8.5;

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
  const totalWeight = EXPORT_COLUMNS.reduce((s, c) => s + COLUMN_WEIGHTS[c], 0);
  const widths = EXPORT_COLUMNS.map((c) => (COLUMN_WEIGHTS[c] / totalWeight) * w);
  const maxRow = (bottomLimit(doc) - y) / 2;

  const headerRow = () => {
    doc.font(BOLD).fontSize(TABLE_FONT);
    const h = Math.max(...EXPORT_COLUMNS.map((c, i) => textHeight(doc, c, widths[i] - 2 * CELL_PAD, 40))) + 2 * CELL_PAD;
    doc.rect(x0, y, w, h).fill(COLOR.brand);
    let x = x0;
    doc.fillColor('#ffffff');
    EXPORT_COLUMNS.forEach((c, i) => {
      doc.text(c, x + CELL_PAD, y + CELL_PAD, { width: widths[i] - 2 * CELL_PAD });
      x += widths[i];
    });
    y += h;
  };

  if (input.matches.length === 0) {
    headerRow();
    emptyNotice(doc, y, EXPORT_MSG.emptyPeriod);
  } else {
    headerRow();
    input.matches.forEach((m, index) => {
      const row = exportRow(m);
      const cells = EXPORT_COLUMNS.map((c) => (c === 'Motivo' ? clipLines(row[c]) : clip(row[c])));
      // Issue 16: a cancelled match is struck through; a status other than plain In programma
      // (a moved match's 'Spostata dal' included, issue 24) in bold, in its badge colour.
      const mark = statusMark(m);
      const bold = EXPORT_COLUMNS.map((c) => (c === 'Casa/Trasferta' && m.is_house_match) || (c === 'Stato' && mark !== null));
      // Each cell measured in the font it is set in (bold text is wider and may need one more line).
      const h = Math.max(...cells.map((t, i) => (doc.font(bold[i] ? BOLD : FONT).fontSize(TABLE_FONT), textHeight(doc, t, widths[i] - 2 * CELL_PAD, maxRow)))) + 2 * CELL_PAD;
      if (y + h > bottomLimit(doc)) {
        y = addPage(doc, heading, input);
        headerRow();
      }
      if (index % 2 === 1) doc.rect(x0, y, w, h).fill(COLOR.zebra);
      let x = x0;
      cells.forEach((t, i) => {
        const column = EXPORT_COLUMNS[i];
        const color = column === 'Stato' && mark ? mark.color : bold[i] ? COLOR.home : COLOR.text;
        doc.font(bold[i] ? BOLD : FONT).fontSize(TABLE_FONT).fillColor(color);
        const struck = !!mark?.struck && column !== 'Stato' && column !== 'Motivo';
        doc.text(t, x + CELL_PAD, y + CELL_PAD, { width: widths[i] - 2 * CELL_PAD, height: h - 2 * CELL_PAD, ellipsis: true, strike: struck });
        x += widths[i];
      });
      doc.moveTo(x0, y + h).lineTo(x0 + w, y + h).lineWidth(0.4).strokeColor(COLOR.rule).stroke();
      y += h;
    });
  }
  addFooters(doc, input);
  return toBuffer(doc);
}

// ---- Week and day: home and away columns ----

const GAP = 12;

interface CardLines {
  time: string;
  /** The bold status beside the time (issue 24), '' for a plain In programma. */
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
  const first = [`Campo: ${clip(m.campo)}`];
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
  if (s.compact) return { time, status, teams, details: [clip([...(motivo ? [motivo] : []), ...details].join('  ·  '))] };
  return { time, status, teams, details: [...(motivo ? [clipLines(motivo)] : []), ...details.map(clip)] };
}

/** 'Arbitro: Mario Rossi  ·  Accompagnatore: Luca Bianchi', the roles held only in RUOLO_LABELS order; null when nobody is designated. */
export function designationLine(names: DesignatedNames | undefined): string | null {
  if (!names) return null;
  const held = (Object.keys(RUOLO_LABELS) as Array<keyof typeof RUOLO_LABELS>).filter((r) => names[r]).map((r) => `${RUOLO_LABELS[r]}: ${clip(names[r]!)}`);
  return held.length ? held.join('  ·  ') : null;
}

/** The first line of a card: time, status, teams, as measured and drawn. */
const headLine = ({ time, status, teams }: CardLines) => (status ? `${time}  ${status}  ${teams}` : `${time}  ${teams}`);

interface CardStyle {
  clubName: string;
  compact: boolean;
  size: number;
  pad: number;
  maxHeight: number;
  /** The designated people by match id (repo.listDesignations); none printed when absent. */
  designazioni?: PeriodDesignations;
}

function cardHeight(doc: Doc, m: ExportMatch, width: number, s: CardStyle): number {
  const lines = cardLines(m, s);
  const { details } = lines;
  const inner = width - 2 * s.pad;
  doc.font(BOLD).fontSize(s.size);
  let h = textHeight(doc, headLine(lines), inner, s.maxHeight);
  doc.font(FONT).fontSize(s.size - 1);
  for (const d of details) h += textHeight(doc, d, inner, s.maxHeight);
  return Math.min(h, s.maxHeight) + 2 * s.pad;
}

function drawCard(doc: Doc, m: ExportMatch, x: number, y: number, width: number, height: number, s: CardStyle): void {
  const { time, status, teams, details } = cardLines(m, s);
  const mark = statusMark(m);
  const accent = m.is_house_match ? COLOR.home : COLOR.away;
  doc.rect(x, y, width, height - 3).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
  doc.rect(x, y, 3, height - 3).fill(accent);
  const inner = width - 2 * s.pad;
  const limit = y + height - 3 - s.pad;
  let cy = y + s.pad;
  doc.font(BOLD).fontSize(s.size).fillColor(accent).text(`${time}  `, x + s.pad, cy, { continued: true, width: inner, height: limit - cy, ellipsis: true });
  if (mark) doc.fillColor(mark.color).text(`${status}  `, { continued: true });
  doc.fillColor(COLOR.text).text(teams, { strike: !!mark?.struck });
  cy = doc.y;
  doc.font(FONT).fontSize(s.size - 1).fillColor(COLOR.muted);
  for (const d of details) {
    if (cy >= limit - 2) break;
    doc.text(d, x + s.pad, cy, { width: inner, height: limit - cy, ellipsis: true });
    cy = doc.y;
  }
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
  const colW = (contentWidth(doc) - GAP) / 2;
  const rows = Math.max(cols.casa.length, cols.trasferta.length);
  for (let i = 0; i < rows; i++) {
    const home = cols.casa[i];
    const away = cols.trasferta[i];
    const h = Math.max(home ? cardHeight(doc, home, colW, s) : 0, away ? cardHeight(doc, away, colW, s) : 0) + 3;
    if (y + h > bottomLimit(doc)) y = onNewPage();
    if (home) drawCard(doc, home, x0, y, colW, h, s);
    if (away) drawCard(doc, away, x0 + colW + GAP, y, colW, h, s);
    y += h;
  }
  return y;
}

function columnTitles(doc: Doc, cols: DayColumns, y: number, size: number): number {
  const x0 = MARGIN;
  const colW = (contentWidth(doc) - GAP) / 2;
  const h = size + 8;
  doc.rect(x0, y, colW, h).fill(COLOR.homeBg);
  doc.rect(x0 + colW + GAP, y, colW, h).fill(COLOR.awayBg);
  doc.font(BOLD).fontSize(size);
  doc.fillColor(COLOR.home).text(EXPORT_MSG.casaCount(cols.casa.length), x0 + 6, y + 4, { width: colW - 12, lineBreak: false });
  doc.fillColor(COLOR.away).text(EXPORT_MSG.trasfertaCount(cols.trasferta.length), x0 + colW + GAP + 6, y + 4, { width: colW - 12, lineBreak: false });
  return y + h + 3;
}

// ---- Week calendar ----

/** A category's line of the trainings band: its label (bold) and its trainings of the week. */
function trainingLine(g: WeekTrainingGroup): { label: string; text: string } {
  const items = g.items.map((t) => EXPORT_MSG.trainingItem(GIORNI[t.giorno - 1], t.oraInizio, t.oraFine, clip(t.campo), t.spogliatoi));
  return { label: clip(EXPORT_MSG.trainingsLabel(g.gruppo)), text: items.join(EXPORT_MSG.trainingsSeparator) };
}

const BAND_SIZE = 8.5;
const BAND_PAD = 4;

/**
 * The trainings band at the foot of the week sheet (docs/esportazioni.md): one row per category,
 * 'Allenamenti Esordienti: lunedì 18:00-19:30 Campo Comunale (spogliatoi 3, 4); giovedì ...', or
 * 'Allenamenti: nessuno in questa settimana'. Rows break between pages like the match cards.
 */
function drawTrainingBand(doc: Doc, groups: WeekTrainingGroup[], y: number, onNewPage: () => number): number {
  const x0 = MARGIN;
  const w = contentWidth(doc);
  const inner = w - 2 * BAND_PAD - 3;
  const lines = groups.length === 0 ? [{ label: EXPORT_MSG.noTrainings, text: '' }] : groups.map(trainingLine);
  y += 4;
  for (const { label, text } of lines) {
    // Measured in the regular face on a width narrowed by what the bold label takes more.
    const boldWidth = doc.font(BOLD).fontSize(BAND_SIZE).widthOfString(label);
    const extra = boldWidth - doc.font(FONT).fontSize(BAND_SIZE).widthOfString(label);
    const h = textHeight(doc, label + text, inner - extra, 200) + 2 * BAND_PAD;
    if (y + h > bottomLimit(doc)) y = onNewPage() + 4;
    doc.rect(x0, y, w, h).fill(COLOR.trainingBg);
    doc.rect(x0, y, 3, h).fill(COLOR.training);
    doc.font(BOLD).fontSize(BAND_SIZE).fillColor(COLOR.training).text(label, x0 + 3 + BAND_PAD, y + BAND_PAD, { width: inner, height: h, continued: text !== '' });
    if (text) doc.font(FONT).fillColor(COLOR.text).text(text, { width: inner, height: h });
    y += h + 2;
  }
  return y;
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
  },
): Promise<Buffer> {
  const heading: PageHeading = {
    title: EXPORT_MSG.weekTitle,
    subtitle: EXPORT_MSG.week(input.start, input.end),
    note: countLine(input.days.flatMap((d) => [...d.casa, ...d.trasferta])),
  };
  const doc = newDoc('portrait', heading, input);
  const WEEK_CARD: CardStyle = { clubName: input.clubName, compact: true, size: 8, pad: 3, maxHeight: 160, designazioni: input.designazioni };
  let y = addPage(doc, heading, input);
  const x0 = MARGIN;
  const w = contentWidth(doc);

  const dayHeading = (date: string, cols: DayColumns, cont: boolean) => {
    const n = cols.casa.length + cols.trasferta.length;
    doc.rect(x0, y, w, 17).fill(COLOR.dayBg);
    const label = formatWeekday(date);
    doc.font(BOLD).fontSize(10).fillColor(COLOR.brand).text(label.charAt(0).toUpperCase() + label.slice(1) + (cont ? ` ${EXPORT_MSG.continued}` : ''), x0 + 6, y + 3.5, {
      width: w * 0.6,
      lineBreak: false,
    });
    const counts = n === 0 ? EXPORT_MSG.noMatches : `${countLine([...cols.casa, ...cols.trasferta])}  ·  ${EXPORT_MSG.casaCount(cols.casa.length)}  ·  ${EXPORT_MSG.trasfertaCount(cols.trasferta.length)}`;
    // The counts beside the day's name ('Sabato 21 novembre (segue)' needs about a third of the width).
    const size = fitSize(doc, FONT, counts, w * 0.62 - 6, 9, 6.5);
    doc.fillColor(COLOR.text).text(counts, x0 + w * 0.38, y + 4.5 + (9 - size) / 2, { width: w * 0.62 - 6, align: 'right', lineBreak: false, ellipsis: true });
    y += 20;
  };

  if (input.total === 0) {
    emptyNotice(doc, y, EXPORT_MSG.emptyPeriod);
    y = doc.y + 16;
  }
  for (const day of input.total === 0 ? [] : input.days) {
    const n = day.casa.length + day.trasferta.length;
    // A day heading never stays alone at the foot of a page.
    const first = n === 0 ? 0 : Math.max(...[day.casa[0], day.trasferta[0]].filter(Boolean).map((m) => cardHeight(doc, m!, (w - GAP) / 2, WEEK_CARD))) + 16;
    if (y + 20 + first > bottomLimit(doc)) y = addPage(doc, heading, input);
    dayHeading(day.date, day, false);
    if (n === 0) {
      y += 2;
      continue;
    }
    y = columnTitles(doc, day, y, 8);
    y = drawColumns(doc, day, y, WEEK_CARD, () => {
      y = addPage(doc, heading, input);
      dayHeading(day.date, day, true);
      return columnTitles(doc, day, y, 8);
    });
    y += 6;
  }
  if (input.trainings) drawTrainingBand(doc, input.trainings, y, () => addPage(doc, heading, input));
  addFooters(doc, input);
  return toBuffer(doc);
}

// ---- Day sheet ----

export async function dayPdf(
  input: PdfCommon & { date: string; casa: ExportMatch[]; trasferta: ExportMatch[]; /** The day's designated people by match id (repo.listDesignations). */ designazioni?: PeriodDesignations },
): Promise<Buffer> {
  const total = input.casa.length + input.trasferta.length;
  const heading: PageHeading = {
    title: EXPORT_MSG.dayTitle,
    subtitle: `${formatLongDate(input.date)} (${formatDate(input.date)})`,
    note: countLine([...input.casa, ...input.trasferta]),
  };
  const doc = newDoc('portrait', heading, input);
  const DAY_CARD: CardStyle = { clubName: input.clubName, compact: false, size: 10, pad: 5, maxHeight: 200, designazioni: input.designazioni };
  let y = addPage(doc, heading, input);
  if (total === 0) {
    emptyNotice(doc, y, EXPORT_MSG.emptyPeriod);
  } else {
    y = columnTitles(doc, input, y, 11);
    drawColumns(doc, input, y, DAY_CARD, () => columnTitles(doc, input, addPage(doc, heading, input), 11));
  }
  addFooters(doc, input);
  return toBuffer(doc);
}
