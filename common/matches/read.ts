// What reading and listing matches needs (types, options, sanitising on read, dashboard filters),
// apart from the form rules and the zod schema in common/matches/rules.ts (which re-exports all of this).
// The public page imports only this module, so the rules stay out of its bundle (the public page's budget of 120 KB gzip, bench/bundle-size.mjs).
import { isIsoDate, shortTime } from '../core/date-text';
import { isStato, statoOf, MOTIVO_MAX, type StatoPartita } from '../status/read';

/** Options of a match's fields (docs/matches.md), in the order the forms list them. */
export const TIPI_GARA = ['amichevole', 'campionato', 'torneo'] as const;
export const TERRENI = ['erba', 'sintetico'] as const;
export type TipoGara = (typeof TIPI_GARA)[number];
export type Terreno = (typeof TERRENI)[number];

export const PARTITA_TEXT_MAX = 100;
export const FILTER_TEXT_MAX = 50;
export const FILTER_TIME_MAX = 5;
export const SPOGLIATOIO_MIN = 1;
export const SPOGLIATOIO_MAX = 7;
/** CLUB_NAME's default: a home team whose name contains it makes the match a home match. */
export const DEFAULT_CLUB_NAME = 'Garibaldina';

/** A match as stored and read (docs/matches.md, fields: snake_case names of the table). */
export interface Partita {
  id: number;
  data: string;
  ora: string;
  ora_fine: string | null;
  squadracasa: string;
  squadratrasferta: string;
  gruppo: string;
  campo: string;
  is_house_match: boolean;
  spogliatoio_gari: number | null;
  spogliatoio_ospiti: number | null;
  terreno: Terreno | null;
  tipo_gara: TipoGara | null;
  /** Every endpoint reads it ('programmata' unless changed; docs/matches.md, status); optional for hand-built records. */
  stato?: StatoPartita;
  motivo_stato?: string | null;
  /** A 'rinviata' match whose new date is still to be set (migration 014): it frees its facilities. */
  data_da_definire?: boolean;
  /** The date a moved match had before it was moved (migration 016), when known. */
  data_originale?: string | null;
}

/** A home team whose name contains the club's name (any case) is a home match (docs/matches.md). */
export function isHomeTeam(squadraCasa: string | null | undefined, clubName: string = DEFAULT_CLUB_NAME): boolean {
  return !!squadraCasa && squadraCasa.toLocaleLowerCase('it').includes(clubName.trim().toLocaleLowerCase('it'));
}

// ---- Sanitising on read (docs/matches.md, reading matches: match data read from the server) ----

/**
 * The display guard (docs/matches.md, reading matches): strips angle brackets, semicolons, backslashes and double dashes; cuts
 * to 100 characters. Quotes are shown as typographic ones (’ ”), never dropped, so that Italian names
 * stay readable (Sant’Ambrogio, D’Annunzio). Only for showing: what a write starts from is the stored
 * text (storedPartita), never this.
 */
export function sanitizeText(value: string, max: number = PARTITA_TEXT_MAX): string {
  let s = value.replace(/['`]/g, '’').replace(/"/g, '”').replace(/[<>;\\]/g, '');
  while (s.includes('--')) s = s.replace(/-{2,}/g, '');
  return s.slice(0, max);
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown) => v == null || typeof v === 'string';
const optNum = (v: unknown) => v == null || (typeof v === 'number' && Number.isFinite(v));

/** One record read from the server for showing, or null when a field has the wrong type; text through the display guard. */
export function sanitizePartita(raw: unknown): Partita | null {
  return readPartita(raw, sanitizeText);
}

/**
 * One record read from the server for editing: the same checks of the field types, the text exactly
 * as stored (a save sends back every field; a display-cleaned one would overwrite the stored names).
 */
export function storedPartita(raw: unknown): Partita | null {
  return readPartita(raw, (value) => value);
}

function readPartita(raw: unknown, clean: (value: string, max?: number) => string): Partita | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const idOk = (typeof r.id === 'number' && Number.isFinite(r.id)) || (isStr(r.id) && /^\d+$/.test(r.id));
  if (!idOk || !isIsoDate(r.data) || !isStr(r.ora) || !optStr(r.ora_fine)) return null;
  if (!isStr(r.squadracasa) || !isStr(r.squadratrasferta) || !isStr(r.gruppo) || !isStr(r.campo)) return null;
  if (typeof r.is_house_match !== 'boolean' || !optNum(r.spogliatoio_gari) || !optNum(r.spogliatoio_ospiti)) return null;
  if (!optStr(r.terreno) || !optStr(r.tipo_gara)) return null;
  const terreno = (TERRENI as readonly unknown[]).includes(r.terreno) ? (r.terreno as Terreno) : null;
  const tipo = (TIPI_GARA as readonly unknown[]).includes(r.tipo_gara) ? (r.tipo_gara as TipoGara) : null;
  return {
    id: Number(r.id),
    data: r.data,
    ora: clean(r.ora),
    ora_fine: r.ora_fine ? clean(r.ora_fine as string) : null,
    squadracasa: clean(r.squadracasa),
    squadratrasferta: clean(r.squadratrasferta),
    gruppo: clean(r.gruppo),
    campo: clean(r.campo),
    is_house_match: r.is_house_match,
    spogliatoio_gari: (r.spogliatoio_gari as number | null | undefined) ?? null,
    spogliatoio_ospiti: (r.spogliatoio_ospiti as number | null | undefined) ?? null,
    terreno,
    tipo_gara: tipo,
    // Kept whenever the server sends them (every endpoint does), an unknown status read as the default (docs/matches.md, status).
    ...('stato' in r
      ? { stato: statoOf(r.stato), motivo_stato: isStr(r.motivo_stato) && r.motivo_stato ? clean(r.motivo_stato, MOTIVO_MAX) : null }
      : {}),
    ...('data_da_definire' in r ? { data_da_definire: r.data_da_definire === true } : {}),
    ...('data_originale' in r ? { data_originale: isIsoDate(r.data_originale) ? r.data_originale : null } : {}),
  };
}

/** A list read from the server: records of the wrong shape are dropped, text fields cleaned. */
export function sanitizePartite(raw: unknown): Partita[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(sanitizePartita).filter((p): p is Partita => p !== null);
}

// ---- Dashboard filters (docs/matches.md, reading matches) ----

export const FILTER_KEYS = ['data', 'ora', 'squadracasa', 'gruppo', 'squadratrasferta', 'campo', 'terreno', 'tipoGara', 'stato'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type PartiteFilters = Partial<Record<FilterKey, string>>;
export const TEXT_FILTERS = ['squadracasa', 'gruppo', 'squadratrasferta', 'campo'] as const;

/** Time filter input: digits and colon only, at most 5 characters. */
export function cleanTimeFilter(value: string): string {
  return value.replace(/[^\d:]/g, '').slice(0, FILTER_TIME_MAX);
}

/** Text filter input: letters, digits, spaces and . , - / ( ) only, at most 50 characters. */
export function cleanTextFilter(value: string): string {
  return value.replace(/[^\p{L}\p{N} .,\-/()]/gu, '').replace(/-{2,}/g, '-').slice(0, FILTER_TEXT_MAX);
}

/** The filters that apply: a date not written yyyy-mm-dd is ignored, as are empty values and unknown options. */
export function normalizeFilters(raw: Partial<Record<string, unknown>>): PartiteFilters {
  const out: PartiteFilters = {};
  if (isIsoDate(raw.data)) out.data = raw.data;
  if (isStr(raw.ora)) {
    const ora = cleanTimeFilter(raw.ora);
    if (ora) out.ora = ora;
  }
  for (const k of TEXT_FILTERS) {
    const v = raw[k];
    if (isStr(v)) {
      const t = cleanTextFilter(v).trim();
      if (t) out[k] = t;
    }
  }
  if ((TERRENI as readonly unknown[]).includes(raw.terreno)) out.terreno = raw.terreno as string;
  if ((TIPI_GARA as readonly unknown[]).includes(raw.tipoGara)) out.tipoGara = raw.tipoGara as string;
  if (isStato(raw.stato)) out.stato = raw.stato;
  return out;
}

export function countActiveFilters(filters: PartiteFilters): number {
  return Object.keys(normalizeFilters(filters)).length;
}

/** The same filters the public endpoint applies in SQL, applied to a loaded list (signed-in dashboard). */
export function matchesFilters(p: Partita, raw: PartiteFilters): boolean {
  const f = normalizeFilters(raw);
  const has = (field: string, needle: string) => field.toLocaleLowerCase('it').includes(needle.toLocaleLowerCase('it'));
  if (f.data && p.data !== f.data) return false;
  if (f.ora && !shortTime(p.ora).startsWith(f.ora)) return false;
  for (const k of TEXT_FILTERS) {
    const needle = f[k];
    if (needle && !has(p[k], needle)) return false;
  }
  if (f.terreno && p.terreno !== f.terreno) return false;
  if (f.tipoGara && p.tipo_gara !== f.tipoGara) return false;
  if (f.stato && statoOf(p.stato) !== f.stato) return false;
  return true;
}
