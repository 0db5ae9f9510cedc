// Calendar subscriptions (docs/calendar.md): the feeds' addresses, the text of each event and the Italian
// strings of the 'Aggiungi al calendario' dialog and of the notice-board QR code. Used by the
// server (feeds, week and day PDFs) and by the dialog, which is loaded only when opened: not part
// of common/core/messages.ts (the start-up bundle).
import { MSG } from '../core/messages';
import { CALENDAR_BUTTON } from './messages';
import type { Partita } from '../matches/read';
import { readMatch, type MeaningSource } from '../matches/meaning';

/** Feeds show matches from this many days ago on, and cancelled matches for this many days. */
export const CALENDAR_PAST_DAYS = 30;
export const CANCELLED_KEEP_DAYS = 30;
/** REFRESH-INTERVAL and X-PUBLISHED-TTL: how often subscribed calendars should read the feed again. */
export const CALENDAR_REFRESH_SECONDS = 6 * 60 * 60;
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';


export const CALENDAR_MSG = {
  button: CALENDAR_BUTTON,
  title: (name: string) => `Aggiungi al calendario: ${name}`,
  clubFeed: 'Tutte le categorie',
  intro: 'Iscriviti al calendario: le partite e ogni loro modifica compaiono da sole sul telefono o sul computer.',
  homeOnly: 'Solo partite in casa',
  webcalLabel: 'Link di iscrizione (webcal)',
  httpsLabel: 'Link diretto (https)',
  copy: 'Copia link',
  copied: 'Link copiato negli appunti',
  copyFailed: 'Copia non riuscita: seleziona il link e copialo a mano',
  qrAlt: 'Codice QR del link del calendario',
  qrHint: 'Inquadra il codice con la fotocamera del telefono',
  open: 'Apri nel calendario',
  close: 'Chiudi',
  loading: 'Caricamento…',
  stepsTitle: 'Come aggiungerlo',
  steps: [
    {
      app: 'Google Calendar',
      text: "Dal computer apri calendar.google.com, accanto ad «Altri calendari» scegli + e poi «Da URL», incolla il link https e premi «Aggiungi calendario».",
    },
    {
      app: 'Apple Calendar (iPhone, iPad, Mac)',
      text: 'Tocca «Apri nel calendario» o inquadra il codice QR, poi conferma con «Iscriviti» e «Aggiungi».',
    },
    {
      app: 'Outlook',
      text: 'In Outlook.com apri Calendario, scegli «Aggiungi calendario» e poi «Sottoscrivi dal Web», incolla il link https e premi «Importa».',
    },
  ],
  /** Caption of the QR code printed on the week and day PDFs. */
  pdfQr: 'Inquadra per avere le partite sul telefono',
  /** The server's 404 for an unknown category id. */
  unknownCategory: 'Categoria non trovata: il calendario richiesto non esiste',
  invalidQuery: 'Parametro non valido: usa casa=1 per le sole partite in casa',
  // Text of the events.
  description: {
    categoria: 'Categoria',
    tipoGara: 'Tipo gara',
    terreno: 'Terreno',
    /** A status other than In programma, with its reason (docs/matches.md, status: common/matches/meaning.ts's reading). */
    stato: 'Stato',
    motivo: 'Motivo',
    spogliatoi: 'Spogliatoi',
    spogliatoioGari: 'squadra di casa',
    spogliatoioOspiti: 'ospiti',
    /** A sent call-up's meeting time and place (docs/callups.md). */
    ritrovo: 'Ritrovo',
  },
  calendarName: (club: string, categoria: string | null, homeOnly: boolean) =>
    `Partite ${club}${categoria ? ` - ${categoria}` : ''}${homeOnly ? ' (solo casa)' : ''}`,
  // Training series in the feeds (?allenamenti=1, docs/calendar.md).
  /** The dialog's switch: the address with the category's trainings. */
  includeTrainings: 'Includi allenamenti',
  includeTrainingsHint: "Aggiunge gli allenamenti settimanali, con le date saltate già tolte",
  /** The server's 400 for a value of `allenamenti` other than 0 or 1. */
  invalidTrainingsQuery: 'Parametro non valido: usa allenamenti=1 per includere gli allenamenti',
  /** X-WR-CALNAME of a feed with the trainings. */
  calendarNameWithTrainings: (club: string, categoria: string | null, homeOnly: boolean) =>
    `Partite e allenamenti ${club}${categoria ? ` - ${categoria}` : ''}${homeOnly ? ' (partite solo casa)' : ''}`,
  training: {
    /** SUMMARY of a training series: 'Allenamento Esordienti'. */
    summary: (gruppo: string) => `Allenamento ${gruppo}`,
    /** DESCRIPTION line: 'Ogni mercoledì 18:00-19:30'. */
    weekly: (giorno: string, from: string, to: string) => `Ogni ${giorno} ${from}-${to}`,
    /** DESCRIPTION line of the rooms: 'Spogliatoi: 3, 4'. */
    rooms: (rooms: readonly number[]) => `${rooms.length === 1 ? 'Spogliatoio' : 'Spogliatoi'}: ${rooms.join(', ')}`,
  },
} as const;

/**
 * Length of a match without an end time, by the category's age group (FIGC youth football: the
 * playing time plus the break, rounded up). The category name is searched, case-insensitively,
 * for the group's name; any other category gets DEFAULT_MATCH_MINUTES.
 */
export const CATEGORY_DURATIONS: ReadonlyArray<{ match: string; minutes: number }> = [
  { match: 'piccoli amici', minutes: 45 },
  { match: 'primi calci', minutes: 60 },
  { match: 'pulcini', minutes: 60 },
  { match: 'esordienti', minutes: 75 },
  { match: 'giovanissimi', minutes: 90 },
  { match: 'allievi', minutes: 100 },
  { match: 'juniores', minutes: 105 },
];
export const DEFAULT_MATCH_MINUTES = 105;

export function defaultDurationMinutes(categoria: string): number {
  const name = categoria.toLowerCase();
  return CATEGORY_DURATIONS.find((d) => name.includes(d.match))?.minutes ?? DEFAULT_MATCH_MINUTES;
}

/**
 * The end the add form proposes for a home match (docs/planning.md): the start plus the category's usual
 * length, as 'HH:mm'; null without a start or a category, or when it would pass midnight.
 */
export function proposedEndTime(ora: string, categoria: string): string | null {
  const m = /^(\d{2}):(\d{2})/.exec(ora);
  if (!m || !categoria.trim()) return null;
  const end = Number(m[1]) * 60 + Number(m[2]) + defaultDurationMinutes(categoria);
  if (end >= 24 * 60) return null;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/**
 * SUMMARY of a match: 'Casa - Trasferta (Categoria)', with the reading's prefix when it will not be
 * played as scheduled ('RINVIATA: ' for a date to be set, 'SOSPESA: ', 'ANNULLATA: '; common/matches/meaning.ts).
 * A match moved to a new date has none: it is played there.
 */
export function eventSummary(m: Pick<Partita, 'squadracasa' | 'squadratrasferta' | 'gruppo'> & MeaningSource): string {
  const prefix = readMatch(m).feedPrefix;
  return `${prefix ? `${prefix}: ` : ''}${m.squadracasa} - ${m.squadratrasferta} (${m.gruppo})`;
}

/**
 * DESCRIPTION lines: the status when not simply in programma ('Stato: In programma - Spostata dal
 * 21/11/2026', 'Stato: Rinviata - data da definire', with the reason), category, tipo gara,
 * terreno, and for home matches the dressing rooms.
 */
export function eventDescription(
  m: {
    gruppo: string;
    tipo_gara: string | null;
    terreno: string | null;
    is_house_match: boolean;
    spogliatoio_gari: number | null;
    spogliatoio_ospiti: number | null;
    motivo_stato?: string | null;
  } & MeaningSource,
  /** A sent call-up's ritrovo (docs/callups.md), printed for a match that is played. */
  ritrovo?: { ora: string; luogo: string } | null,
): string {
  const d = CALENDAR_MSG.description;
  const tipi: Record<string, string> = MSG.match.tipoGara;
  const terreni: Record<string, string> = MSG.match.terrenoLabel;
  const lines = [`${d.categoria}: ${m.gruppo}`];
  if (ritrovo && readMatch(m).played) lines.push(`${d.ritrovo}: ${ritrovo.ora}, ${ritrovo.luogo}`);
  if (m.tipo_gara) lines.push(`${d.tipoGara}: ${tipi[m.tipo_gara] ?? m.tipo_gara}`);
  if (m.terreno) lines.push(`${d.terreno}: ${terreni[m.terreno] ?? m.terreno}`);
  if (m.is_house_match && (m.spogliatoio_gari != null || m.spogliatoio_ospiti != null)) {
    const rooms = [
      m.spogliatoio_gari != null ? `${m.spogliatoio_gari} ${d.spogliatoioGari}` : null,
      m.spogliatoio_ospiti != null ? `${m.spogliatoio_ospiti} ${d.spogliatoioOspiti}` : null,
    ].filter(Boolean);
    lines.push(`${d.spogliatoi}: ${rooms.join(', ')}`);
  }
  const reading = readMatch(m);
  if (reading.meaning !== 'programmata') {
    lines.unshift(`${d.stato}: ${reading.text}`);
    if (m.motivo_stato) lines.splice(1, 0, `${d.motivo}: ${m.motivo_stato}`);
  }
  return lines.join('\n');
}

/**
 * The feed's path: the club's, or one category's by id (the id survives a rename); ?casa=1 for home
 * matches only; ?allenamenti=1 with the training series too.
 */
export function feedPath(categoryId?: number | null, homeOnly = false, trainings = false): string {
  const query = [homeOnly ? 'casa=1' : null, trainings ? 'allenamenti=1' : null].filter(Boolean).join('&');
  return `${categoryId == null ? '/api/calendar.ics' : `/api/calendar/${categoryId}.ics`}${query ? `?${query}` : ''}`;
}

/** The https (or http) address and the webcal:// subscribe address of a feed, from the app's public address. */
export function feedUrls(publicUrl: string, categoryId?: number | null, homeOnly = false, trainings = false): { https: string; webcal: string } {
  const https = `${publicUrl.replace(/\/+$/, '')}${feedPath(categoryId, homeOnly, trainings)}`;
  return { https, webcal: https.replace(/^https?:\/\//i, 'webcal://') };
}

/** A feed event's UID: the match's id, stable for its life (edits keep it, a deletion reuses it). */
export const eventUid = (id: number, host: string) => `partita-${id}@${host}`;

/** A training series' UID in the feeds: its id, stable for its life, never the UID of a match. */
export const trainingUid = (id: number, host: string) => `allenamento-${id}@${host}`;
