// The team sheet's PDF (docs/teamsheet.md): A4 portrait, the same sheet twice, one copy per page
// ('Copia per l'arbitro', 'Copia per la società avversaria'; a copy too long for a page goes on over
// the next one). Each copy: the club, the match (teams, category, competition, date, kick-off,
// pitch), the players' table (N°, Cognome e Nome, Data di nascita, Tessera, C/VC) at 11 pt, the staff
// with roles and cards, room for changes written by hand, the accompanying official's signature, the
// art. 61 c.5 declaration when a player has no card, and every warning as a numbered footnote (its
// number beside each player it concerns). DejaVu Sans embedded (subset) like the export sheets
// (server/features/export/pdf.ts); nothing active in the file: no JavaScript, actions or links.
import PDFDocument from 'pdfkit';
import { BOLD, FONT, registerSheetFonts } from '../../shared/pdf-fonts';
import { formatDate, formatLongDate, tipoGaraLabel } from '../../../common/export/rules';
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import { cognomeNome } from '../../../common/teamsheet/rules';
import type { Distinta } from '../../../common/teamsheet/types';
import type { TipoGara } from '../../../common/matches/read';

const P = DISTINTA_MSG.pdf;


const COLOR = { text: '#1a1a1a', muted: '#5f6b7a', brand: '#1f3a5f', rule: '#c5ccd6', zebra: '#f1f4f8', warn: '#8a4b00' };
const MARGIN = 30;
const FOOTER_H = 16;
/** The players' names, dates and cards: readable at arm's length. */
const NAME_SIZE = 11;
const SMALL = 9.5;
const PAD = 4;
/** A table row's least height, and the space above its text. */
const ROW = 16;
const ROW_TOP = 2.5;

/** One line of stored text: control characters print as spaces, very long text is cut. */
// eslint-disable-next-line no-control-regex
const clip = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s).replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');

export interface DistintaPdfInput {
  clubName: string;
  /** 'dd/mm/yyyy HH:mm' in the club's timezone. */
  generatedAt: string;
  partita: { data: string; ora: string; squadracasa: string; squadratrasferta: string; gruppo: string; campo: string; tipoGara: TipoGara | null };
  distinta: Pick<Distinta, 'giocatori' | 'staff' | 'avvisi'>;
}

/** The footnotes: each distinct warning once, numbered; each player carries the numbers of theirs. */
function footnotes(d: DistintaPdfInput['distinta']): { notes: string[]; marks: number[][] } {
  const notes: string[] = [];
  const mark = (text: string) => {
    const i = notes.indexOf(text);
    if (i >= 0) return i + 1;
    notes.push(text);
    return notes.length;
  };
  const marks = d.giocatori.map((g) => g.avvisi.map(mark));
  for (const a of d.avvisi) mark(a);
  return { notes, marks };
}

export async function distintaPdf(input: DistintaPdfInput): Promise<Buffer> {
  const { partita: m, distinta: d } = input;
  const teams = `${clip(m.squadracasa)} - ${clip(m.squadratrasferta)}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_H, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: `${DISTINTA_MSG.title} - ${teams}`, Author: input.clubName, Subject: `${DISTINTA_MSG.title} ${formatDate(m.data)}`, Creator: `Calendario Partite ${input.clubName}`, Producer: `Calendario Partite ${input.clubName}` },
  });
  registerSheetFonts(doc);
  const x0 = MARGIN;
  /** A4's width less the margins. */
  const W = 595.28 - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const { notes, marks } = footnotes(d);
  const accompagnatore = d.staff.find((s) => s.ruolo === 'accompagnatore');
  const senzaTessera = d.giocatori.some((g) => !g.numeroTessera);
  /** The copy each page belongs to, for the footers. */
  const pageCopy: string[] = [];
  let y = 0;

  const text = (s: string, x: number, top: number, opts: { font?: string; size?: number; color?: string; width?: number; align?: 'left' | 'center' | 'right' } = {}) =>
    doc
      .font(opts.font ?? FONT)
      .fontSize(opts.size ?? NAME_SIZE)
      .fillColor(opts.color ?? COLOR.text)
      .text(s, x, top, { width: opts.width, align: opts.align ?? 'left', lineBreak: opts.width !== undefined });
  const heightOf = (s: string, width: number, font = FONT, size = NAME_SIZE) => doc.font(font).fontSize(size).heightOfString(s, { width });
  const rule = (top: number, width = 0.6, color = COLOR.rule) => doc.moveTo(x0, top).lineTo(x0 + W, top).lineWidth(width).strokeColor(color).stroke();

  /** A new page of `copy`: the club and the copy's name; the match's details on its first page only. */
  function newPage(copy: string, first: boolean): void {
    doc.addPage();
    pageCopy.push(copy);
    y = MARGIN;
    doc.font(BOLD).fontSize(11);
    const labelW = doc.widthOfString(copy) + 16;
    doc.rect(x0 + W - labelW, y - 3, labelW, 20).lineWidth(1.2).strokeColor(COLOR.brand).stroke();
    text(copy, x0 + W - labelW + 8, y + 1, { font: BOLD, size: 11, color: COLOR.brand });
    text(clip(input.clubName), x0, y, { font: BOLD, size: 14, color: COLOR.brand, width: W - labelW - 12 });
    y += 22;
    text(first ? DISTINTA_MSG.title : `${DISTINTA_MSG.title} ${P.continua}`, x0, y, { font: BOLD, size: 15 });
    y += 20;
    if (first) {
      text(teams, x0, y, { font: BOLD, size: 13, width: W });
      y += heightOf(teams, W, BOLD, 13) + 3;
      const tipo = tipoGaraLabel(m.tipoGara);
      const second = `${P.categoria}: ${clip(m.gruppo)}${tipo ? `   ·   ${P.gara}: ${tipo}` : ''}`;
      text(second, x0, y, { width: W });
      y += heightOf(second, W) + 2;
      const third = `${P.data}: ${formatLongDate(m.data)} (${formatDate(m.data)})   ·   ${P.ora}: ${m.ora}   ·   ${P.campo}: ${clip(m.campo)}`;
      text(third, x0, y, { width: W });
      y += heightOf(third, W) + 2;
    }
    rule(y, 1.2, COLOR.brand);
    y += 6;
  }

  /** Moves to a new page of `copy` unless `h` more points fit on this one. */
  const ensure = (copy: string, h: number, after?: () => void) => {
    if (y + h <= bottom()) return;
    newPage(copy, false);
    after?.();
  };

  // ---- The players' table ----
  const cols = [
    { key: 'numero', label: P.colonne.numero, w: 34, align: 'center' as const },
    { key: 'nome', label: P.colonne.nome, w: 0, align: 'left' as const },
    { key: 'nascita', label: P.colonne.nascita, w: 96, align: 'left' as const },
    { key: 'tessera', label: P.colonne.tessera, w: 116, align: 'left' as const },
    { key: 'cvc', label: P.colonne.cvc, w: 40, align: 'center' as const },
  ];
  cols[1].w = W - cols.reduce((a, c) => a + c.w, 0);

  function tableHeader(): void {
    const h = 17;
    doc.rect(x0, y, W, h).fill(COLOR.brand);
    let x = x0;
    for (const c of cols) {
      text(c.label, x + PAD, y + 3.5, { font: BOLD, size: 10, color: '#ffffff', width: c.w - 2 * PAD, align: c.align });
      x += c.w;
    }
    y += h;
  }

  function playerRows(copy: string): void {
    tableHeader();
    d.giocatori.forEach((g, i) => {
      const name = `${clip(cognomeNome(g))}${marks[i].length ? ` ${marks[i].map((n) => `(${n})`).join('')}` : ''}`;
      const cells = [
        g.numero === null ? '' : String(g.numero),
        name,
        formatDate(g.dataNascita),
        g.numeroTessera ? clip(g.numeroTessera) : P.nessunaTessera,
        g.capitano ? P.capitano : g.vice ? P.vice : '',
      ];
      const h = Math.max(ROW, ...cells.map((c, k) => heightOf(c, cols[k].w - 2 * PAD, k === 0 || k === 4 ? BOLD : FONT) + 2 * ROW_TOP));
      ensure(copy, h, tableHeader);
      if (i % 2 === 1) doc.rect(x0, y, W, h).fill(COLOR.zebra);
      let x = x0;
      cells.forEach((c, k) => {
        text(c, x + PAD, y + ROW_TOP, { font: k === 0 || k === 4 ? BOLD : FONT, size: NAME_SIZE, width: cols[k].w - 2 * PAD, align: cols[k].align });
        x += cols[k].w;
      });
      y += h;
      rule(y, 0.4);
    });
    y += 8;
  }

  // ---- The staff ----
  const staffCols = [
    { label: P.staffColonne.ruolo, w: 210 },
    { label: P.staffColonne.nome, w: 0 },
    { label: P.staffColonne.tessera, w: 116 },
  ];
  staffCols[1].w = W - staffCols[0].w - staffCols[2].w;

  function staffRows(copy: string): void {
    const header = () => {
      text(P.staffTitolo, x0, y, { font: BOLD, size: 11 });
      y += 15;
      let x = x0;
      for (const c of staffCols) {
        text(c.label, x + PAD, y, { font: BOLD, size: 9, color: COLOR.muted, width: c.w - 2 * PAD });
        x += c.w;
      }
      y += 12;
      rule(y, 0.6);
    };
    ensure(copy, 15 + 12 + ROW);
    header();
    for (const s of d.staff) {
      const cells = [DISTINTA_MSG.ruoli[s.ruolo], clip(`${s.cognome} ${s.nome}`), s.numeroTessera ? clip(s.numeroTessera) : P.nessunaTessera];
      const h = Math.max(ROW, ...cells.map((c, k) => heightOf(c, staffCols[k].w - 2 * PAD) + 2 * ROW_TOP));
      ensure(copy, h, header);
      let x = x0;
      cells.forEach((c, k) => {
        text(c, x + PAD, y + ROW_TOP, { width: staffCols[k].w - 2 * PAD });
        x += staffCols[k].w;
      });
      y += h;
      rule(y, 0.4);
    }
    y += 8;
  }

  // ---- Room for changes, the signature, the declaration, the footnotes ----
  function handwritten(copy: string): void {
    ensure(copy, 12 + 2 * 18 + 8);
    text(P.variazioni, x0, y, { font: BOLD, size: 10 });
    y += 12;
    for (let i = 0; i < 2; i++) {
      y += 18;
      doc.moveTo(x0, y).lineTo(x0 + W, y).lineWidth(0.5).dash(2, { space: 2 }).strokeColor(COLOR.muted).stroke().undash();
    }
    y += 8;
  }

  function signature(copy: string): void {
    ensure(copy, 36);
    text(P.firma, x0, y + 12, { size: 10 });
    doc.font(FONT).fontSize(10);
    const lx = x0 + doc.widthOfString(P.firma) + 10;
    doc.moveTo(lx, y + 23).lineTo(x0 + W, y + 23).lineWidth(0.8).strokeColor(COLOR.text).stroke();
    if (accompagnatore) text(P.firmaDi(clip(`${accompagnatore.nome} ${accompagnatore.cognome}`)), lx, y + 25, { size: 9, color: COLOR.muted, width: x0 + W - lx });
    y += 38;
  }

  function declaration(copy: string): void {
    if (!senzaTessera) return;
    const h = heightOf(P.dichiarazione, W, FONT, SMALL);
    ensure(copy, h + 30);
    text(P.dichiarazione, x0, y, { size: SMALL, width: W });
    y += h + 10;
    text(P.firmaDichiarazione, x0, y, { size: 10 });
    doc.font(FONT).fontSize(10);
    const lx = x0 + doc.widthOfString(P.firmaDichiarazione) + 10;
    doc.moveTo(lx, y + 11).lineTo(x0 + W * 0.6, y + 11).lineWidth(0.8).strokeColor(COLOR.text).stroke();
    y += 20;
  }

  function notesBlock(copy: string): void {
    if (notes.length === 0) return;
    ensure(copy, 14 + 14);
    text(P.note, x0, y, { font: BOLD, size: 10, color: COLOR.warn });
    y += 14;
    notes.forEach((n, i) => {
      const line = `(${i + 1}) ${n}`;
      const h = heightOf(line, W, FONT, SMALL);
      ensure(copy, h + 2);
      text(line, x0, y, { size: SMALL, color: COLOR.warn, width: W });
      y += h + 1;
    });
  }

  for (const copy of P.copie) {
    newPage(copy, true);
    playerRows(copy);
    staffRows(copy);
    handwritten(copy);
    signature(copy);
    declaration(copy);
    notesBlock(copy);
  }

  // The foot of every page: when it was made and which copy it is.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const fy = doc.page.height - MARGIN - 8;
    doc.moveTo(x0, fy - 5).lineTo(x0 + W, fy - 5).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
    text(P.generata(input.generatedAt), x0, fy, { size: 8, color: COLOR.muted });
    doc.font(BOLD).fontSize(8);
    const label = pageCopy[i - range.start];
    text(label, x0 + W - doc.widthOfString(label), fy, { font: BOLD, size: 8, color: COLOR.muted });
    doc.page.margins.bottom = keep;
  }

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
