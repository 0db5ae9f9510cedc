// The fixture import's limit and fixed lists (docs/import.md): the fields a column can fill, the
// order of a table without header, the fields one value can fill for every row. Imports nothing.

/** At most this many matches per import request (2,001 are refused). */
export const IMPORT_MAX_ROWS = 2000;

export const IMPORT_FIELDS = [
  'data',
  'ora',
  'oraFine',
  'squadraCasa',
  'squadraTrasferta',
  'campo',
  'gruppo',
  'tipoGara',
  'terreno',
  'isHouseMatch',
  'spogliatoioGari',
  'spogliatoioOspiti',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** One entry per column: the field it fills, or '' (ignored). */
export type Mapping = Array<ImportField | ''>;

/** For a table without header: the fields in the order this product exports them. */
export const DEFAULT_ORDER: Mapping = ['data', 'ora', 'oraFine', 'squadraCasa', 'squadraTrasferta', 'gruppo', 'campo', 'terreno', 'tipoGara', 'isHouseMatch'];

/**
 * The fields a fixture list often lacks (one category's list has no 'Categoria' column), which the
 * editor may give one value for every row. Read as a cell of that field would be.
 */
export const FIXABLE_FIELDS = ['gruppo', 'tipoGara', 'terreno', 'campo'] as const satisfies readonly ImportField[];
export type FixedValues = Partial<Record<(typeof FIXABLE_FIELDS)[number], string>>;
