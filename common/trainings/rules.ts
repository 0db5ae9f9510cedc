// Training slots (docs/trainings.md): a weekly series per category on a pitch, with optional
// changing rooms, valid between two dates, minus skipped dates. The same rules run in the form, on
// the server and in the slot finder: validation, the occurrences of a series, and its clashes with
// matches and other series (by the rule of common/occupancy/rules.ts: same pitch at overlapping
// times, or a shared changing room with the changeover margin).
import dayjs from 'dayjs';
import { z } from '../core/zod';
import { isSingleLine } from '../core/text';
import { isIsoDate, shortTime } from '../core/date-text';
import { isTime } from '../core/dates';
import { PARTITA_TEXT_MAX, SPOGLIATOIO_MAX, SPOGLIATOIO_MIN } from '../matches/read';
import { CLASH_MSG, matchSpan, minutesOf, sameName, timeOf, type ClashMatch } from '../occupancy/rules';
import { DEFAULT_CLASH_MARGIN_MINUTES } from '../occupancy/messages';
import { ALLENAMENTI_MSG, GIORNI } from './messages';
import { isClosed, type Periodo } from '../closures/rules';

/** A stored series, as the API answers it. */
export interface Allenamento {
  id: number;
  gruppo: string;
  campo: string;
  /** 1 = lunedì ... 7 = domenica. */
  giorno: number;
  /** 'HH:mm'. */
  oraInizio: string;
  oraFine: string;
  dal: string;
  al: string;
  spogliatoi: number[];
  saltate: string[];
}

/** The create/update body. */
export type AllenamentoPayload = Omit<Allenamento, 'id'>;

/** The longest validity of one series (a season and some). */
export const PERIODO_MAX_GIORNI = 400;
export const SALTATE_MAX = 366;

const M = ALLENAMENTI_MSG.invalid;
const L = ALLENAMENTI_MSG.fields;
const name = (label: string) =>
  z
    .string({ error: label === L.gruppo ? M.gruppo : M.campo })
    .trim()
    .min(1, label === L.gruppo ? M.gruppo : M.campo)
    .max(PARTITA_TEXT_MAX, M.lungo(label, PARTITA_TEXT_MAX))
    .refine(isSingleLine, M.testo(label));
const time = z
  .string({ error: M.ora })
  .refine((t) => isTime(t), M.ora)
  .transform((t) => shortTime(t));
const date = z.string({ error: M.data }).refine((d) => isIsoDate(d), M.data);

const fields = {
    gruppo: name(L.gruppo),
    campo: name(L.campo),
    giorno: z.number({ error: M.giorno }).int(M.giorno).min(1, M.giorno).max(7, M.giorno),
    oraInizio: time,
    oraFine: time,
    dal: date,
    al: date,
    spogliatoi: z
      .array(z.number({ error: M.spogliatoi }).int(M.spogliatoi).min(SPOGLIATOIO_MIN, M.spogliatoi).max(SPOGLIATOIO_MAX, M.spogliatoi), { error: M.spogliatoi })
      .max(SPOGLIATOIO_MAX, M.spogliatoi)
      .refine((r) => new Set(r).size === r.length, M.spogliatoi)
      .transform((r) => [...r].sort((a, b) => a - b)),
    saltate: z
      .array(date, { error: M.saltate })
      .max(SALTATE_MAX, M.saltate)
      .refine((d) => new Set(d).size === d.length, M.saltate)
      .transform((d) => [...d].sort()),
};

/** The series' own rules across fields (times, period, skipped dates within it). */
function crossChecks(v: z.output<z.ZodObject<typeof fields>>, ctx: z.RefinementCtx) {
    // Each check only once the fields it reads are valid (their own message is already there).
    if (isTime(v.oraInizio) && isTime(v.oraFine) && minutesOf(v.oraFine) <= minutesOf(v.oraInizio)) ctx.addIssue({ code: 'custom', path: ['oraFine'], message: M.orari });
    if (!isIsoDate(v.dal) || !isIsoDate(v.al)) return;
    if (v.al < v.dal) return ctx.addIssue({ code: 'custom', path: ['al'], message: M.periodo });
    if (dayjs(v.al).diff(dayjs(v.dal), 'day') > PERIODO_MAX_GIORNI) return ctx.addIssue({ code: 'custom', path: ['al'], message: M.periodoLungo });
    if (v.saltate.some((d) => d < v.dal || d > v.al)) ctx.addIssue({ code: 'custom', path: ['saltate'], message: M.saltate });
}

/** A series as the form sends it: strict, every field required. */
export const allenamentoPayloadSchema = z.strictObject(fields).superRefine(crossChecks);

/** The body of POST and PUT /api/allenamenti: the series, and `confermaSovrapposizioni` to save over clashes. */
export const allenamentoBodySchema = z
  .strictObject({ ...fields, confermaSovrapposizioni: z.boolean({ error: M.conferma }).optional() })
  .superRefine(crossChecks);

/** The body of POST /api/allenamenti/{id}/salta: the date to skip. */
export const saltaBodySchema = z.strictObject({ data: date });

/** 1 = lunedì ... 7 = domenica, of an ISO date. */
export const weekdayOf = (iso: string) => ((dayjs(iso).day() + 6) % 7) + 1;

/**
 * The dates a series trains on within [from, to] (inclusive), in order: its weekday within its
 * period, its own skipped dates and the club's closures (common/closures/rules.ts) left out.
 */
export function occurrencesOf(s: Pick<Allenamento, 'giorno' | 'dal' | 'al' | 'saltate'>, from: string, to: string, chiusure: readonly Periodo[] = []): string[] {
  const start = from > s.dal ? from : s.dal;
  const end = to < s.al ? to : s.al;
  if (start > end) return [];
  let d = dayjs(start);
  d = d.add((s.giorno - weekdayOf(start) + 7) % 7, 'day');
  const skipped = new Set(s.saltate);
  const out: string[] = [];
  for (; ; d = d.add(7, 'day')) {
    const iso = d.format('YYYY-MM-DD');
    if (iso > end) break;
    if (!skipped.has(iso) && !isClosed(iso, chiusure)) out.push(iso);
  }
  return out;
}

/** Whether the series trains on that date (not skipped, the club open). */
export const trainsOn = (s: Pick<Allenamento, 'giorno' | 'dal' | 'al' | 'saltate'>, iso: string, chiusure: readonly Periodo[] = []) =>
  iso >= s.dal && iso <= s.al && weekdayOf(iso) === s.giorno && !s.saltate.includes(iso) && !isClosed(iso, chiusure);

/**
 * The series as the calendar has it: the dates it would train on in a closure added to its skipped
 * dates. What the server hands the clash checks, the board, the slot finder, the feeds (each one
 * an EXDATE) and the week sheet, so that every reader skips the closures by the rule above. Never
 * stored: a series keeps its own skipped dates, and a closure that goes away gives its dates back.
 */
export function withClosures<T extends Pick<Allenamento, 'giorno' | 'dal' | 'al' | 'saltate'>>(s: T, chiusure: readonly Periodo[]): T {
  if (chiusure.length === 0) return s;
  const closed = occurrencesOf(s, s.dal, s.al).filter((d) => !trainsOn(s, d, chiusure));
  if (closed.length === 0) return s;
  return { ...s, saltate: [...new Set([...s.saltate, ...closed])].sort() };
}

/** One clash with a training: the series, the date it meets, and the sentence the form shows. */
export interface TrainingClash {
  /** The series' id. */
  id: number;
  motivo: 'allenamento';
  messaggio: string;
  data: string;
  allenamento: Allenamento;
}

/** What a training occupies on a day: its pitch from start to end, its rooms with the margin. */
interface Occupation {
  campo: string | null;
  start: number;
  end: number;
  rooms: number[];
}

const ofTraining = (t: Allenamento): Occupation => ({ campo: t.campo, start: minutesOf(t.oraInizio), end: minutesOf(t.oraFine), rooms: t.spogliatoi });
const ofMatch = (m: ClashMatch): Occupation | null => {
  // An away match holds no pitch or room of the club.
  if (!m.is_house_match) return null;
  const span = matchSpan(m);
  return { campo: m.campo, start: span.start, end: span.end, rooms: [m.spogliatoio_gari, m.spogliatoio_ospiti].filter((r): r is number => r != null) };
};

/** The sentence of a clash with training t: on its pitch, else on its rooms. */
function clashSentence(a: Occupation, t: Allenamento, margin: number): string | null {
  const b = ofTraining(t);
  const from = t.oraInizio;
  const to = t.oraFine;
  if (a.campo !== null && sameName(a.campo, t.campo) && a.start < b.end && b.start < a.end) return ALLENAMENTI_MSG.clash(t.gruppo, from, to, t.campo);
  const shared = a.rooms.filter((r) => b.rooms.includes(r));
  if (shared.length > 0 && a.start - margin < b.end + margin && b.start - margin < a.end + margin) {
    return ALLENAMENTI_MSG.clashRooms(t.gruppo, from, to, [...new Set(shared)].sort((x, y) => x - y));
  }
  return null;
}

/**
 * The team rule between a match and a training: the training of the match's own category at
 * overlapping times (home or away: the same children cannot be in both).
 */
const sameTeamAtOnce = (m: Pick<ClashMatch, 'gruppo'>, span: { start: number; end: number }, t: Allenamento) =>
  sameName(m.gruppo, t.gruppo) && span.start < minutesOf(t.oraFine) && minutesOf(t.oraInizio) < span.end;

/**
 * The trainings a match clashes with on its date: a home match on the training's pitch, or a
 * shared room with the margin; any match of the training's own category at overlapping times.
 */
export function matchTrainingClashes(m: ClashMatch, trainings: readonly Allenamento[], margin: number = DEFAULT_CLASH_MARGIN_MINUTES): TrainingClash[] {
  const a = ofMatch(m);
  const span = matchSpan(m);
  const out: TrainingClash[] = [];
  for (const t of trainings) {
    if (!trainsOn(t, m.data)) continue;
    const messaggio = (a && clashSentence(a, t, margin)) || (sameTeamAtOnce(m, span, t) ? ALLENAMENTI_MSG.clashTeam(t.gruppo, t.oraInizio, t.oraFine) : null);
    if (messaggio) out.push({ id: t.id, motivo: 'allenamento', messaggio, data: m.data, allenamento: t });
  }
  return out;
}

/**
 * The clashes of series `a` (a candidate: its id may be 0) with other series: same weekday, a date
 * both train on, and the same pitch at overlapping times or a shared room with the margin. Each
 * other series is named once, at the first date they meet.
 */
export function seriesClashes(a: Allenamento, others: readonly Allenamento[], margin: number = DEFAULT_CLASH_MARGIN_MINUTES): TrainingClash[] {
  const occ = ofTraining(a);
  const out: TrainingClash[] = [];
  for (const t of others) {
    if (t.id === a.id || t.giorno !== a.giorno || t.al < a.dal || a.al < t.dal) continue;
    const messaggio = clashSentence(occ, t, margin);
    if (!messaggio) continue;
    const first = occurrencesOf(a, t.dal, t.al).find((d) => trainsOn(t, d));
    if (first) out.push({ id: t.id, motivo: 'allenamento', messaggio, data: first, allenamento: t });
  }
  return out;
}

/** A stored match a series would clash with, with the match rule's sentence (seen from the series). */
export interface SeriesMatchClash<Mt> {
  id: number;
  motivo: 'campo' | 'spogliatoio' | 'squadra';
  messaggio: string;
  data: string;
  partita: Mt;
}

/**
 * The stored matches series `a` would clash with, on the dates it trains on: a home match on the
 * same pitch at overlapping times, or sharing a room with the margin; any match of the series' own
 * category at overlapping times (the team rule).
 */
export function seriesMatchClashes<Mt extends ClashMatch & { id: number }>(a: Allenamento, matches: readonly Mt[], margin: number = DEFAULT_CLASH_MARGIN_MINUTES): SeriesMatchClash<Mt>[] {
  const occ = ofTraining(a);
  const out: SeriesMatchClash<Mt>[] = [];
  for (const m of matches) {
    if (!trainsOn(a, m.data)) continue;
    const b = ofMatch(m);
    const span = matchSpan(m);
    const from = shortTime(m.ora);
    const to = timeOf(span.end);
    const teams = `${m.squadracasa} - ${m.squadratrasferta}`;
    if (!b) {
      if (sameTeamAtOnce(m, span, a)) out.push({ id: m.id, motivo: 'squadra', messaggio: ALLENAMENTI_MSG.clashTeamMatch(m.gruppo, from, to, teams), data: m.data, partita: m });
      continue;
    }
    if (sameName(occ.campo!, m.campo) && occ.start < b.end && b.start < occ.end) {
      out.push({ id: m.id, motivo: 'campo', messaggio: CLASH_MSG.campo(from, to, teams), data: m.data, partita: m });
      continue;
    }
    const shared = [...new Set(occ.rooms.filter((r) => b.rooms.includes(r)))].sort((x, y) => x - y);
    if (shared.length > 0 && occ.start - margin < b.end + margin && b.start - margin < occ.end + margin) {
      out.push({ id: m.id, motivo: 'spogliatoio', messaggio: CLASH_MSG.spogliatoio(shared, teams, from, to), data: m.data, partita: m });
      continue;
    }
    if (sameTeamAtOnce(m, span, a)) out.push({ id: m.id, motivo: 'squadra', messaggio: ALLENAMENTI_MSG.clashTeamMatch(m.gruppo, from, to, teams), data: m.data, partita: m });
  }
  return out;
}

/** 'Esordienti, mercoledì 18:00-19:30, Campo Comunale': how the activity log and dialogs name a series. */
export const describeAllenamento = (t: Pick<Allenamento, 'gruppo' | 'giorno' | 'oraInizio' | 'oraFine' | 'campo'>) =>
  ALLENAMENTI_MSG.describe(t.gruppo, t.giorno, t.oraInizio, t.oraFine, t.campo);

export const giornoLabel = (giorno: number) => GIORNI[giorno - 1];
