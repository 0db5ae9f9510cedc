// The export feature (docs/export.md: the screen, validation, calls, messages, limits): the
// rules and Italian strings both the server (routes, CSV, PDF) and the SPA screen /estrazione use.
// Not part of common/core/messages.ts: that module is in the start-up bundle; this one is loaded only
// by the export screen.
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { z } from '../core/zod';
import { countOf } from '../core/plural';
import { MSG } from '../core/messages';
import { isIsoDate, shortTime } from '../core/date-text';
import type { Partita, Terreno, TipoGara } from '../matches/read';
import { MEANING_COLORS, MOTIVO_LABEL } from '../status/labels';
import { STATI, statoOf, type StatoPartita } from '../status/read';
import { readMatch, type MatchMeaning, type MeaningCounts, type MeaningSource } from '../matches/meaning';

// ---- Constants (docs/export.md; page sizes in docs/api.md, limits) ----

/** Preview page size of the period table. */
export const PREVIEW_PAGE_SIZE = 50;
export const PREVIEW_LIMIT_MAX = 100;
/** Over this many days the screen asks for confirmation (docs/export.md). */
export const PERIOD_WARNING_DAYS = 365;
/** The server refuses periods longer than this (not in the spec: a guard against runaway exports). */
export const PERIOD_MAX_YEARS = 3;
/** Default period: from seven days ago to today. */
export const DEFAULT_PERIOD_DAYS = 7;

// ---- Messages ----

/** Every Italian string of the Export parts of the spec (2, 5, 7, 8), plus the server's own wording. */
export const EXPORT_MSG = {
  title: 'Estrazione Partite',
  tabs: { table: 'Tabella', week: 'Settimana', day: 'Giorno' },
  busy: "Completa prima l'operazione attuale",
  buttons: {
    preview: 'Anteprima',
    exportCsv: 'Esporta CSV',
    exportPdf: 'Esporta PDF',
    reset: 'Reset filtri',
  },
  page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
  // Validation (docs/export.md).
  datesRequired: 'Seleziona le date di inizio e fine',
  fromAfterTo: 'La data di inizio deve essere precedente o uguale alla data di fine',
  longPeriod: 'Il periodo selezionato è superiore a 1 anno...',
  weekRequired: 'Seleziona la settimana di riferimento',
  dayRequired: 'Seleziona la data',
  // Messages (docs/export.md).
  empty: 'Nessuna partita trovata',
  emptyPeriod: 'Nessuna partita trovata per il periodo selezionato',
  previewError: (message: string) => `Errore nel caricamento anteprima: ${message}`,
  csvError: (message: string) => `Errore nell'export CSV: ${message}`,
  pdfError: (message: string) => `Errore nell'export PDF: ${message}`,
  badContentType: 'Tipo di contenuto non valido',
  emptyFile: 'File ricevuto vuoto o non valido',
  // Home and away columns of the week and day previews (and PDFs), with their counts.
  casa: 'Casa',
  trasferta: 'Trasferta',
  casaCount: (n: number) => `Casa (${n})`,
  trasfertaCount: (n: number) => `Trasferta (${n})`,
  // Not in the spec: the server's own wording for cases the spec leaves open.
  invalidDate: 'Data non valida: usa il formato AAAA-MM-GG',
  periodTooLong: `Il periodo selezionato supera il massimo consentito di ${PERIOD_MAX_YEARS} anni: riduci l'intervallo di date`,
  invalidLimit: `Il numero di righe per pagina deve essere compreso tra 1 e ${PREVIEW_LIMIT_MAX}`,
  invalidOffset: 'La posizione di partenza deve essere un numero intero maggiore o uguale a 0',
  /** The optional status filter of previews and files (docs/matches.md, status). */
  invalidStato: 'Stato non valido: scegli tra In programma, Rinviata, Annullata e Sospesa',
  /** Headings of the PDFs and previews. */
  tableTitle: 'Elenco partite',
  weekTitle: 'Calendario settimanale',
  dayTitle: 'Partite del giorno',
  period: (from: string, to: string) => `Periodo: dal ${formatDate(from)} al ${formatDate(to)}`,
  week: (start: string, end: string) => `Settimana dal ${formatDate(start)} al ${formatDate(end)}`,
  total: (n: number) => (n === 1 ? '1 partita' : `${n} partite`),
  generatedAt: (when: string) => `Generato il ${when}`,
  /** In place of the calendar QR on the week and day sheets when PUBLIC_URL is unset (it would point to localhost). */
  publicUrlMissing: 'Indirizzo pubblico non configurato (PUBLIC_URL)',
  noMatches: 'Nessuna partita',
  rooms: (club: number | null, guests: number | null) =>
    `Spogliatoi: ${MSG.match.roomClub} ${club ?? '-'}, ${MSG.match.roomGuests} ${guests ?? '-'}`,
  /** Not in the spec: the wording of the export screen around the strings above. */
  screen: {
    tabsLabel: 'Tipo di estrazione',
    from: 'Data inizio',
    to: 'Data fine',
    weekDay: 'Un giorno della settimana',
    day: 'Data',
    previous: 'Precedente',
    next: 'Successiva',
    confirmTitle: 'Periodo superiore a 1 anno',
    confirmText: "L'anteprima e i file di un periodo così lungo possono richiedere più tempo. Continuare?",
    confirm: 'Continua',
    cancel: 'Annulla',
    loadingPreview: 'Caricamento anteprima...',
    producingCsv: 'Generazione del file CSV in corso...',
    producingPdf: 'Generazione del file PDF in corso...',
    downloaded: (fileName: string) => `File scaricato: ${fileName}`,
    previewHint: 'Premi Anteprima per vedere le partite, oppure esporta direttamente il file.',
    shownRows: (first: number, last: number, total: number) => `Partite ${first}-${last} di ${total}`,
  },
  /** Dressing rooms of a home match (PDF cards). */
  dressingRooms: (clubName: string, club: number | null, guests: number | null) =>
    `Spogliatoio ${clubName}: ${club ?? '-'}  ·  Spogliatoio ospiti: ${guests ?? '-'}`,
  /** A day continued on the next page (week PDF). */
  continued: '(segue)',
  // Trainings on the week sheet (docs/export.md): POST /api/exports/week.pdf with allenamenti: true.
  /** The week panel's checkbox. */
  includeTrainings: 'Includi allenamenti',
  invalidAllenamenti: 'allenamenti deve essere vero o falso',
  /** One training of the week: 'lunedì 18:00-19:30 Campo Comunale (spogliatoi 3, 4)'. */
  trainingItem: (giorno: string, from: string, to: string, campo: string, rooms: readonly number[]) =>
    `${giorno} ${from}-${to} ${campo}${rooms.length === 0 ? '' : ` (${rooms.length === 1 ? 'spogliatoio' : 'spogliatoi'} ${rooms.join(', ')})`}`,
  /** The band's line of a category ('Allenamenti Esordienti: '), or of the sheet of one category ('Allenamenti: '), before its trainings joined by '; '. */
  trainingsLabel: (gruppo: string | null) => `Allenamenti${gruppo ? ` ${gruppo}` : ''}: `,
  trainingsSeparator: '; ',
  noTrainings: 'Allenamenti: nessuno in questa settimana',
  /** Activity log lines (logs feature), one per export. */
  activity: {
    tableCsv: (from: string, to: string, n: number) => `Export CSV ${from} - ${to} (${countOf(n, 'partita', 'partite')})`,
    tablePdf: (from: string, to: string, n: number) => `Export PDF ${from} - ${to} (${countOf(n, 'partita', 'partite')})`,
    weekPdf: (start: string, end: string, n: number) => `Export PDF settimanale ${start} - ${end} (${countOf(n, 'partita', 'partite')})`,
    dayPdf: (date: string, n: number) => `Export PDF giornaliero ${date} (${countOf(n, 'partita', 'partite')})`,
  },
} as const;

// ---- Columns and labels ----

/**
 * Columns of the period table (docs/export.md), in order: preview, CSV and PDF; 'Stato' (docs/matches.md,
 * status), then 'Motivo' (the reason the sheets print under a match is in the spreadsheet too) last.
 */
export const EXPORT_COLUMNS = ['Data', 'Inizio', 'Fine', 'Casa', 'Trasferta', 'Gruppo', 'Campo', 'Terreno', 'Tipo', 'Casa/Trasferta', 'Stato', 'Motivo'] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const TIPO_GARA_LABEL: Record<TipoGara, string> = MSG.match.tipoGara;
export const TERRENO_LABEL: Record<Terreno, string> = MSG.match.terrenoLabel;

export const tipoGaraLabel = (t: string | null | undefined): string => (t && t in TIPO_GARA_LABEL ? TIPO_GARA_LABEL[t as TipoGara] : '');
export const terrenoLabel = (t: string | null | undefined): string => (t && t in TERRENO_LABEL ? TERRENO_LABEL[t as Terreno] : '');

/** '2026-11-21' -> '21/11/2026' (it-IT). */
export function formatDate(iso: string): string {
  return dayjs(iso, 'YYYY-MM-DD').format('DD/MM/YYYY');
}

/** '2026-11-21' -> 'sabato 21 novembre 2026'. */
export function formatLongDate(iso: string): string {
  return dayjs(iso, 'YYYY-MM-DD').locale('it').format('dddd D MMMM YYYY');
}

/** '2026-11-21' -> 'sabato 21 novembre' (heading of a day in the week calendar). */
export function formatWeekday(iso: string): string {
  return dayjs(iso, 'YYYY-MM-DD').locale('it').format('dddd D MMMM');
}

/**
 * The cells of one match in the period table (dates dd/mm/yyyy, times HH:mm), as shown and exported.
 * Stato is the match's meaning as every output reads it (common/matches/meaning.ts, docs/export.md):
 * 'In programma', 'In programma - Spostata dal 21/11/2026', 'Rinviata - data da definire',
 * 'Sospesa', 'Annullata'; Motivo is the reason of a status other than In programma, as written.
 */
export function exportRow(p: Partita): Record<ExportColumn, string> {
  return {
    Data: formatDate(p.data),
    Inizio: shortTime(p.ora),
    Fine: p.ora_fine ? shortTime(p.ora_fine) : '',
    Casa: p.squadracasa,
    Trasferta: p.squadratrasferta,
    Gruppo: p.gruppo,
    Campo: p.campo,
    Terreno: terrenoLabel(p.terreno),
    Tipo: tipoGaraLabel(p.tipo_gara),
    'Casa/Trasferta': p.is_house_match ? EXPORT_MSG.casa : EXPORT_MSG.trasferta,
    Stato: readMatch(p).text,
    Motivo: motivoOf(p) ?? '',
  };
}

// ---- Status of a match on the sheets and the previews (docs/export.md) ----

/** The reason of a status other than In programma (a reason left from an earlier status is not shown). */
export function motivoOf(p: { stato?: string | null; motivo_stato?: string | null }): string | null {
  return statoOf(p.stato) !== 'programmata' && p.motivo_stato ? p.motivo_stato : null;
}

/** 'Motivo: Campo allagato', the grey detail line of a card (week and day sheets and previews), or null. */
export function motivoLine(p: { stato?: string | null; motivo_stato?: string | null }): string | null {
  const motivo = motivoOf(p);
  return motivo ? `${MOTIVO_LABEL}: ${motivo}` : null;
}

export interface StatusMark {
  meaning: MatchMeaning;
  /** 'Spostata dal 21/11/2026', 'Rinviata - data da definire', 'Sospesa', 'Annullata'. */
  text: string;
  /** The badge colour of the meaning (white text on it reads at 4.5:1): a moved match is in programma's, one to be dated a rinviata's. */
  color: string;
  /** Struck through: the match will not be played (cancelled). */
  struck: boolean;
}

/**
 * The bold word beside a match's time on the week and day sheets and on the preview cards, or
 * null for a plain 'In programma': the label of a match not played, the note of a moved one (which
 * is played at its new date, so it is not marked as postponed).
 */
export function statusMark(p: MeaningSource): StatusMark | null {
  const r = readMatch(p);
  if (r.badge === null) return null;
  return { meaning: r.meaning, text: r.badge, color: MEANING_COLORS[r.meaning].bg, struck: r.meaning === 'annullata' };
}

// ---- Dates ----

/** The week Monday..Sunday containing `date` (yyyy-mm-dd in, yyyy-mm-dd out). */
export function weekRange(date: string): { start: string; end: string } {
  const d = dayjs(date, 'YYYY-MM-DD');
  const start = d.subtract((d.day() + 6) % 7, 'day');
  return { start: start.format('YYYY-MM-DD'), end: start.add(6, 'day').format('YYYY-MM-DD') };
}

/** The seven dates of the week starting on `start`. */
export function weekDays(start: string): string[] {
  const d = dayjs(start, 'YYYY-MM-DD');
  return Array.from({ length: 7 }, (_, i) => d.add(i, 'day').format('YYYY-MM-DD'));
}

/** Days from `from` to `to` (0 when equal). */
export function periodDays(from: string, to: string): number {
  return dayjs(to, 'YYYY-MM-DD').diff(dayjs(from, 'YYYY-MM-DD'), 'day');
}

/** A period over 365 days asks for confirmation (docs/export.md). */
export const isLongPeriod = (from: string, to: string) => periodDays(from, to) > PERIOD_WARNING_DAYS;

/** True when the period goes beyond PERIOD_MAX_YEARS years (the server refuses it). */
export function isPeriodTooLong(from: string, to: string): boolean {
  return dayjs(to, 'YYYY-MM-DD').isAfter(dayjs(from, 'YYYY-MM-DD').add(PERIOD_MAX_YEARS, 'year'));
}

/** The screen's default period (docs/export.md): from seven days ago to today. */
export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: dayjs(today, 'YYYY-MM-DD').subtract(DEFAULT_PERIOD_DAYS, 'day').format('YYYY-MM-DD'), to: today };
}

// ---- File names (docs/export.md) ----

export const FILE_NAMES = {
  tableCsv: (from: string, to: string) => `partite_${from}_${to}.csv`,
  tablePdf: (from: string, to: string) => `partite_${from}_${to}.pdf`,
  weekPdf: (start: string, end: string) => `partite_settimanali_${start}_${end}.pdf`,
  dayPdf: (date: string) => `partite_giornaliere_${date}.pdf`,
} as const;

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const PDF_CONTENT_TYPE = 'application/pdf';
/** Content types the screen accepts for a downloaded file (docs/export.md). */
export const ACCEPTED_FILE_TYPES = ['application/pdf', 'text/csv', 'application/octet-stream'] as const;

// ---- Input schemas (query strings and bodies) ----

const RAW_MAX = 40;
const rawDate = z.string().max(RAW_MAX).optional().nullable();
const blank = (v: string | null | undefined) => v == null || v.trim() === '';
/** An optional status filter ('' or absent: every status; docs/matches.md, status). */
const rawStato = z.string().max(RAW_MAX).optional().nullable();
const toStato = (v: string | null | undefined): StatoPartita | null => (blank(v) ? null : statoOf(v));
function checkStato(v: { stato?: string | null }, ctx: z.RefinementCtx) {
  if (!blank(v.stato) && !(STATI as readonly string[]).includes(v.stato as string)) ctx.addIssue({ code: 'custom', message: EXPORT_MSG.invalidStato });
}

/** A period {from, to}: both required, real dates, from <= to, at most PERIOD_MAX_YEARS years. */
function checkPeriod(v: { from?: string | null; to?: string | null }, ctx: z.RefinementCtx) {
  if (blank(v.from) || blank(v.to)) return ctx.addIssue({ code: 'custom', message: EXPORT_MSG.datesRequired });
  if (!isIsoDate(v.from) || !isIsoDate(v.to)) return ctx.addIssue({ code: 'custom', message: EXPORT_MSG.invalidDate });
  if (v.from > v.to) return ctx.addIssue({ code: 'custom', message: EXPORT_MSG.fromAfterTo });
  if (isPeriodTooLong(v.from, v.to)) return ctx.addIssue({ code: 'custom', message: EXPORT_MSG.periodTooLong });
}

function checkDate(value: string | null | undefined, required: string, ctx: z.RefinementCtx) {
  if (blank(value)) return ctx.addIssue({ code: 'custom', message: required });
  if (!isIsoDate(value)) return ctx.addIssue({ code: 'custom', message: EXPORT_MSG.invalidDate });
}

/** Body of POST /api/exports/table.csv and table.pdf. */
export const periodBodySchema = z
  .strictObject({ from: rawDate, to: rawDate, stato: rawStato })
  .superRefine(checkPeriod)
  .superRefine(checkStato)
  .transform((v) => ({ from: v.from as string, to: v.to as string, stato: toStato(v.stato) }));

const intParam = (message: string, min: number, max: number, dflt: number) =>
  z
    .union([z.string().max(10), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return dflt;
      const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** Query of GET /api/exports/preview/table: from, to, limit 1..100 (default 50), offset >= 0 (default 0). */
export const tablePreviewQuerySchema = z
  .strictObject({
    from: rawDate,
    to: rawDate,
    limit: intParam(EXPORT_MSG.invalidLimit, 1, PREVIEW_LIMIT_MAX, PREVIEW_PAGE_SIZE),
    offset: intParam(EXPORT_MSG.invalidOffset, 0, 2_000_000_000, 0),
    stato: rawStato,
  })
  .superRefine(checkPeriod)
  .superRefine(checkStato)
  .transform((v) => ({ from: v.from as string, to: v.to as string, limit: v.limit, offset: v.offset, stato: toStato(v.stato) }));

/** Query of GET /api/exports/preview/week and body of POST /api/exports/week.pdf: any day of the week. */
export const weekSchema = z
  .strictObject({ weekStart: rawDate, stato: rawStato })
  .superRefine((v, ctx) => checkDate(v.weekStart, EXPORT_MSG.weekRequired, ctx))
  .superRefine(checkStato)
  .transform((v) => ({ weekStart: v.weekStart as string, stato: toStato(v.stato) }));

/**
 * Body of POST /api/exports/week.pdf: any day of the week, and `allenamenti: true` to print the
 * week's trainings in a band at the foot of the sheet.
 */
export const weekPdfBodySchema = z
  .strictObject({ weekStart: rawDate, stato: rawStato, allenamenti: z.boolean({ error: EXPORT_MSG.invalidAllenamenti }).optional() })
  .superRefine((v, ctx) => checkDate(v.weekStart, EXPORT_MSG.weekRequired, ctx))
  .superRefine(checkStato)
  .transform((v) => ({ weekStart: v.weekStart as string, stato: toStato(v.stato), allenamenti: v.allenamenti === true }));

/** Query of GET /api/exports/preview/day and body of POST /api/exports/day.pdf. */
export const daySchema = z
  .strictObject({ date: rawDate, stato: rawStato })
  .superRefine((v, ctx) => checkDate(v.date, EXPORT_MSG.dayRequired, ctx))
  .superRefine(checkStato)
  .transform((v) => ({ date: v.date as string, stato: toStato(v.stato) }));

export type PeriodInput = z.infer<typeof periodBodySchema>;
export type TablePreviewQuery = z.infer<typeof tablePreviewQuerySchema>;

/** The first validation message of a period the screen is about to send, or null when it is fine. */
export function periodError(from: string | null | undefined, to: string | null | undefined): string | null {
  const r = periodBodySchema.safeParse({ from, to });
  return r.success ? null : r.error.issues[0].message;
}

// ---- Response shapes (docs/export.md) ----

/**
 * A match as the previews return it and the files are made of: the fields of docs/matches.md, times 'HH:mm',
 * and what its status reads from (docs/export.md, common/matches/meaning.ts): stato, motivo_stato,
 * data_da_definire and data_originale ('YYYY-MM-DD' or null).
 */
export interface ExportMatch extends Partita {
  stato: StatoPartita;
  motivo_stato: string | null;
  data_da_definire: boolean;
  data_originale: string | null;
}

export interface TablePreview {
  items: ExportMatch[];
  /** Matches in the period (every meaning): the pages. */
  total: number;
  /** The period's matches by meaning, for the heading ('120 partite, 1 annullata', countLineOf; docs/export.md). */
  counts: MeaningCounts;
}

export interface DayColumns {
  casa: ExportMatch[];
  trasferta: ExportMatch[];
}

export interface DayPreview extends DayColumns {
  date: string;
  total: number;
}

export interface WeekPreview extends DayColumns {
  week: { start: string; end: string };
  total: number;
  /** Seven days, Monday to Sunday, each with its home and away matches. */
  days: Array<DayColumns & { date: string }>;
}

/** One training of the week on the sheet (a date of a series, docs/trainings.md). */
export interface WeekTraining {
  data: string;
  /** 1 = lunedì ... 7 = domenica. */
  giorno: number;
  oraInizio: string;
  oraFine: string;
  campo: string;
  spogliatoi: number[];
}

/** The trainings of one category in the week (gruppo null on the sheet of that category alone), by date and time. */
export interface WeekTrainingGroup {
  gruppo: string | null;
  items: WeekTraining[];
}

/** Splits matches (already sorted by date and time) into home and away. */
export function splitHomeAway<T extends Pick<ExportMatch, 'is_house_match'>>(matches: T[]): { casa: T[]; trasferta: T[] } {
  return { casa: matches.filter((m) => m.is_house_match), trasferta: matches.filter((m) => !m.is_house_match) };
}
