import type { Partita } from '../../../common/matches/read';

/**
 * The columns of a match (docs/matches.md, fields; migrations 010, 014, 016) in table order, with their SQL types:
 * the one list every full read of public.partite selects, and the PostgREST endpoint's table. It has
 * exactly the fields of `Partita` (common/matches/read.ts), which the type check enforces.
 */
export const PARTITA_COLUMN_TYPES = {
  id: 'integer',
  data: 'date',
  ora: 'time',
  ora_fine: 'time',
  squadracasa: 'text',
  squadratrasferta: 'text',
  gruppo: 'text',
  campo: 'text',
  is_house_match: 'boolean',
  spogliatoio_gari: 'smallint',
  spogliatoio_ospiti: 'smallint',
  terreno: 'text',
  tipo_gara: 'text',
  stato: 'text',
  motivo_stato: 'text',
  data_da_definire: 'boolean',
  data_originale: 'date',
} as const satisfies Record<keyof Partita, 'integer' | 'smallint' | 'date' | 'time' | 'text' | 'boolean'>;

export type PartitaColumn = keyof typeof PARTITA_COLUMN_TYPES;

/** A row of public.partite as a full read returns it: every field of Partita (date '2026-11-21', time '15:00:00'). */
export type PartitaRow = Required<Partita>;

const NAMES = Object.keys(PARTITA_COLUMN_TYPES) as PartitaColumn[];

/** Every column, as stored: `SELECT ${PARTITA_COLUMNS} FROM public.partite`. */
export const PARTITA_COLUMNS = NAMES.join(', ');

/**
 * The column list for a SELECT, in table order: `omit` leaves columns out, `alias` qualifies them
 * (`p.id`), `text` reads dates as 'YYYY-MM-DD' and times as 'HH:MM' (what files and feeds show).
 */
export function partitaColumns(opts: { omit?: readonly PartitaColumn[]; alias?: string; text?: boolean } = {}): string {
  const qualified = (name: string) => (opts.alias ? `${opts.alias}.${name}` : name);
  return NAMES.filter((name) => !opts.omit?.includes(name))
    .map((name) => {
      const type = PARTITA_COLUMN_TYPES[name];
      if (opts.text && type === 'date') return `to_char(${qualified(name)}, 'YYYY-MM-DD') AS ${name}`;
      if (opts.text && type === 'time') return `to_char(${qualified(name)}, 'HH24:MI') AS ${name}`;
      return qualified(name);
    })
    .join(', ');
}
