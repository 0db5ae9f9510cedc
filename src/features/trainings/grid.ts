import { normName } from '../../../common/occupancy/rules';
import type { Allenamento, AllenamentoPayload } from '../../../common/trainings/rules';
import { compareGruppi } from '../../../common/groups/order';

/** 1 = lunedì ... 7 = domenica. */
export const GIORNI_NUM = [1, 2, 3, 4, 5, 6, 7] as const;

/** 'mercoledì' -> 'Mercoledì'. */
export const capitalized = (s: string) => s.charAt(0).toLocaleUpperCase('it') + s.slice(1);

/** '2026-01-12' -> '12/01/2026' (it-IT, whatever the browser's language). */
export const formatDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** One band of the grid: a pitch (its first spelling, compared like the clash rule) and its series by weekday. */
export interface Band {
  key: string;
  campo: string;
  /** days[0] is lunedì; each day's series by start time, then category. */
  days: Allenamento[][];
  count: number;
}

const byTime = (a: Allenamento, b: Allenamento) =>
  a.oraInizio.localeCompare(b.oraInizio) || a.oraFine.localeCompare(b.oraFine) || compareGruppi(a.gruppo, b.gruppo) || a.id - b.id;

/** The pitches in alphabetical order, each with its seven days. */
export function bandsOf(series: readonly Allenamento[]): Band[] {
  const bands = new Map<string, Band>();
  for (const s of series) {
    const key = normName(s.campo);
    let band = bands.get(key);
    if (!band) {
      band = { key, campo: s.campo.trim(), days: GIORNI_NUM.map(() => []), count: 0 };
      bands.set(key, band);
    }
    band.days[s.giorno - 1]?.push(s);
    band.count += 1;
  }
  for (const b of bands.values()) b.days.forEach((d) => d.sort(byTime));
  return [...bands.values()].sort((a, b) => a.campo.localeCompare(b.campo, 'it'));
}

/** The filters' choices: the categories (by age, common/groups/order.ts) and pitches (alphabetical) the series use, one spelling each. */
export function choicesOf(series: readonly Allenamento[]): { gruppi: string[]; campi: string[] } {
  const distinct = (names: string[], order: (a: string, b: string) => number) => {
    const seen = new Map<string, string>();
    for (const n of names) if (!seen.has(normName(n))) seen.set(normName(n), n.trim());
    return [...seen.values()].sort(order);
  };
  // Categories in the one order of every list (common/groups/order.ts: by age), pitches alphabetical.
  return { gruppi: distinct(series.map((s) => s.gruppo), compareGruppi), campi: distinct(series.map((s) => s.campo), (a, b) => a.localeCompare(b, 'it')) };
}

/** The series a filter keeps ('' = any), names compared like the clash rule. */
export function filterSeries(series: readonly Allenamento[], gruppo: string, campo: string): Allenamento[] {
  return series.filter((s) => (!gruppo || normName(s.gruppo) === normName(gruppo)) && (!campo || normName(s.campo) === normName(campo)));
}

// Light backgrounds with dark text (contrast well above 4.5:1) and a stronger edge, one per category.
const COLORS = [
  { bg: '#e3f2fd', edge: '#1565c0' },
  { bg: '#e8f5e9', edge: '#2e7d32' },
  { bg: '#fff3e0', edge: '#e65100' },
  { bg: '#f3e5f5', edge: '#6a1b9a' },
  { bg: '#e0f7fa', edge: '#00838f' },
  { bg: '#fce4ec', edge: '#ad1457' },
  { bg: '#f9fbe7', edge: '#827717' },
  { bg: '#ede7f6', edge: '#4527a0' },
] as const;

/** The categories' colours: distinct for the first eight (alphabetical), then again from the first. */
export function categoryColors(gruppi: readonly string[]): (gruppo: string) => (typeof COLORS)[number] {
  const index = new Map(gruppi.map((g, i) => [normName(g), i]));
  return (gruppo) => COLORS[(index.get(normName(gruppo)) ?? 0) % COLORS.length];
}

/** 30 June closing the season that contains `today` (today itself when it is 30 June). */
export function seasonEnd(today: string): string {
  const june = `${today.slice(0, 4)}-06-30`;
  return today <= june ? june : `${Number(today.slice(0, 4)) + 1}-06-30`;
}

/** A new series' starting values: the current season, from today to 30 June. */
export function newSeries(today: string, preset: Partial<AllenamentoPayload> = {}): FormValues {
  return {
    gruppo: preset.gruppo ?? '',
    campo: preset.campo ?? '',
    giorno: preset.giorno ?? null,
    oraInizio: preset.oraInizio ?? '',
    oraFine: preset.oraFine ?? '',
    dal: preset.dal ?? today,
    al: preset.al ?? seasonEnd(today),
    spogliatoi: preset.spogliatoi ?? [],
    saltate: preset.saltate ?? [],
  };
}

/** What the form holds: the payload's fields, the day unset (null) or a time/date empty ('') until chosen (allenamentoPayloadSchema names them). */
export type FormValues = Omit<AllenamentoPayload, 'giorno'> & { giorno: number | null };

/** The usual length of a training, for the proposed end time. */
export const PROPOSED_MINUTES = 90;

/** 'HH:mm' + minutes, or '' past midnight. */
export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  if (!Number.isFinite(total) || total >= 24 * 60) return '';
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
