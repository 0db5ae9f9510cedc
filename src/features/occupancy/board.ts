/**
 * What the occupancy board (docs/occupancy.md) puts in its columns: the home matches and the
 * training dates (docs/trainings.md) of a day, each in its pitch's column and in the column of
 * every changing room it uses, laid out together by the rule of layout.ts.
 */
import { CLASH_MSG, matchSpan, minutesOf, normName } from '../../../common/occupancy/rules';
import type { OccupancyMatch, OccupancyTraining } from '../../../common/occupancy/types';
import { layoutColumn, type Placement } from './layout';

/** One block of the board: a match or a training, with its time in minutes of the day. */
export type BoardItem =
  | { kind: 'partita'; key: string; start: number; end: number; m: OccupancyMatch }
  | { kind: 'allenamento'; key: string; start: number; end: number; t: OccupancyTraining };

export const matchItem = (m: OccupancyMatch): BoardItem => ({ kind: 'partita', key: `partita:${m.id}`, ...matchSpan(m), m });
/** A series trains at most once a day, but the key holds the date too: a week lists several. */
export const trainingItem = (t: OccupancyTraining): BoardItem => ({
  kind: 'allenamento',
  key: `allenamento:${t.id}:${t.data}`,
  start: minutesOf(t.oraInizio),
  end: minutesOf(t.oraFine),
  t,
});

/**
 * The blocks of the board (of a day, or of `data` only when given): the home matches (an away
 * match holds nothing of the club) and the trainings, by start time (matches first at the same start).
 */
export function itemsOf(partite: readonly OccupancyMatch[], allenamenti: readonly OccupancyTraining[], data?: string): BoardItem[] {
  const items = [
    ...partite.filter((m) => m.is_house_match && (data === undefined || m.data === data)).map(matchItem),
    ...allenamenti.filter((t) => data === undefined || t.data === data).map(trainingItem),
  ];
  // Stable: the server's order (by time) is kept within a start.
  return items.sort((a, b) => a.start - b.start);
}

export const campoOf = (i: BoardItem) => (i.kind === 'partita' ? i.m.campo : i.t.campo);
export const roomsOf = (i: BoardItem): number[] =>
  i.kind === 'partita' ? [...new Set([i.m.spogliatoio_gari, i.m.spogliatoio_ospiti].filter((r): r is number => r != null))] : [...new Set(i.t.spogliatoi)];
export const clashesOf = (i: BoardItem) => (i.kind === 'partita' ? i.m.conflitti : i.t.conflitti);

export interface Column {
  key: string;
  label: string;
  items: BoardItem[];
}

/** One column per campo (first spelling, compared like the rule), then one per changing room used, by number. */
export function columnsOf(items: readonly BoardItem[]): Column[] {
  const campi = new Map<string, Column>();
  const rooms = new Map<number, Column>();
  for (const item of items) {
    const campo = campoOf(item);
    const k = normName(campo);
    if (!campi.has(k)) campi.set(k, { key: `campo:${k}`, label: campo, items: [] });
    campi.get(k)!.items.push(item);
    for (const r of roomsOf(item)) {
      if (!rooms.has(r)) rooms.set(r, { key: `room:${r}`, label: CLASH_MSG.boardRoom(r), items: [] });
      rooms.get(r)!.items.push(item);
    }
  }
  const byLabel = (a: Column, b: Column) => a.label.localeCompare(b.label, 'it');
  return [...[...campi.values()].sort(byLabel), ...[...rooms.entries()].sort(([a], [b]) => a - b).map(([, c]) => c)];
}

/** Where each block of a column goes, matches and trainings together: the column's width unless they overlap (layout.ts). */
export const placementsOf = (items: readonly BoardItem[]): Map<string, Placement> => layoutColumn(items, (i) => i.key);
