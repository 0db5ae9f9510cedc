import { z } from 'zod';
import { MSG } from './messages';
import { isIsoDate, isTime, shortTime } from './dates';

/** Options of spec 5, in the order the forms list them. */
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

/** A match as stored and read (spec 3, snake_case names of the table). */
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
}

/** The create/update payload of spec 3, after validation and normalising (the "sent values" of spec 5). */
export interface PartitaPayload {
  data: string;
  ora: string;
  oraFine: string | null;
  squadraCasa: string;
  squadraTrasferta: string;
  campo: string;
  gruppo: string;
  isHouseMatch: boolean;
  spogliatoioGari: number | null;
  spogliatoioOspiti: number | null;
  terreno: Terreno | null;
  tipoGara: TipoGara;
}

/** What a form holds (and what a client may send): anything may be missing or empty. */
export interface PartitaValues {
  data?: string | null;
  ora?: string | null;
  oraFine?: string | null;
  squadraCasa?: string | null;
  squadraTrasferta?: string | null;
  campo?: string | null;
  gruppo?: string | null;
  isHouseMatch?: boolean | null;
  spogliatoioGari?: number | null;
  spogliatoioOspiti?: number | null;
  terreno?: string | null;
  tipoGara?: string | null;
}

export type FormMode = 'create' | 'edit';

export interface ValidateOptions {
  mode: FormMode;
  /** Today in the club's timezone (yyyy-mm-dd): the date may not be before it. */
  today: string;
  clubName?: string;
}

/** Spec 4: a home team whose name contains the club's name (any case) is a home match. */
export function isHomeTeam(squadraCasa: string | null | undefined, clubName: string = DEFAULT_CLUB_NAME): boolean {
  return !!squadraCasa && squadraCasa.toLocaleLowerCase('it').includes(clubName.trim().toLocaleLowerCase('it'));
}

/** Whether the values describe a home match: the switch, or the club's name in the home team. */
export function effectiveHome(v: PartitaValues, clubName: string = DEFAULT_CLUB_NAME): boolean {
  return v.isHouseMatch === true || isHomeTeam(v.squadraCasa, clubName);
}

const blank = (s: string | null | undefined) => s == null || s.trim() === '';

const REQUIRED: Array<keyof typeof MSG.match.labels> = ['data', 'ora', 'squadraCasa', 'squadraTrasferta', 'campo', 'gruppo', 'tipoGara'];

/** Labels of the required fields still empty, in the order of spec 5 (Ora di fine last, home matches only). */
export function missingFields(v: PartitaValues, clubName: string = DEFAULT_CLUB_NAME): string[] {
  const missing = REQUIRED.filter((k) => blank(v[k] as string | null | undefined)).map((k) => MSG.match.labels[k]);
  if (effectiveHome(v, clubName) && blank(v.oraFine)) missing.push(MSG.match.labels.oraFine);
  return missing;
}

const roomOk = (n: number | null | undefined) => n == null || (Number.isInteger(n) && n >= SPOGLIATOIO_MIN && n <= SPOGLIATOIO_MAX);

/**
 * The rules of spec 5 for the add and edit forms, in the order a person meets them; the same
 * function runs in the form (to enable the save button) and on the server. Returns the first
 * Italian message, or null when the values may be saved.
 */
export function validatePartita(v: PartitaValues, { mode, today, clubName = DEFAULT_CLUB_NAME }: ValidateOptions): string | null {
  if (missingFields(v, clubName).length > 0) {
    return mode === 'create' ? MSG.match.missingFields(missingFields(v, clubName)) : MSG.match.fillRequired;
  }
  const home = effectiveHome(v, clubName);
  if (!isIsoDate(v.data)) return MSG.match.invalidDate;
  if (!isTime(v.ora) || (home && !isTime(v.oraFine))) return MSG.match.invalidTime;
  for (const k of ['squadraCasa', 'squadraTrasferta', 'campo', 'gruppo'] as const) {
    if ((v[k] as string).trim().length > PARTITA_TEXT_MAX) return MSG.match.textTooLong;
  }
  if (!(TIPI_GARA as readonly string[]).includes(v.tipoGara as string)) return MSG.match.invalidData;
  if (!blank(v.terreno) && !(TERRENI as readonly string[]).includes(v.terreno as string)) return MSG.match.invalidData;
  if ((v.data as string) < today) return MSG.match.futureDate;
  if ((v.squadraCasa as string).trim().toLocaleLowerCase('it') === (v.squadraTrasferta as string).trim().toLocaleLowerCase('it')) {
    return MSG.match.sameTeams;
  }
  if (home) {
    if (!roomOk(v.spogliatoioGari) || !roomOk(v.spogliatoioOspiti)) return MSG.match.roomsRange;
    if (mode === 'create' && v.spogliatoioGari != null && v.spogliatoioGari === v.spogliatoioOspiti) return MSG.match.roomsDiffer;
  }
  return null;
}

/** The "sent values" of spec 5: text trimmed, oraFine and rooms null for away matches, terreno null if empty. */
export function toPayload(v: PartitaValues, clubName: string = DEFAULT_CLUB_NAME): PartitaPayload {
  const home = effectiveHome(v, clubName);
  return {
    data: v.data as string,
    ora: shortTime(v.ora as string),
    oraFine: home ? shortTime(v.oraFine as string) : null,
    squadraCasa: (v.squadraCasa as string).trim(),
    squadraTrasferta: (v.squadraTrasferta as string).trim(),
    campo: (v.campo as string).trim(),
    gruppo: (v.gruppo as string).trim(),
    isHouseMatch: home,
    spogliatoioGari: home ? (v.spogliatoioGari ?? null) : null,
    spogliatoioOspiti: home ? (v.spogliatoioOspiti ?? null) : null,
    terreno: blank(v.terreno) ? null : (v.terreno as Terreno),
    tipoGara: v.tipoGara as TipoGara,
  };
}

let bodySchema: ReturnType<typeof buildBodySchema> | null = null;

// Built on first use, so the public page (which never validates a payload) does not bundle zod.
function buildBodySchema() {
  const invalid = { error: MSG.match.invalidData };
  // Generous cap on raw strings: the rules above give the precise message up to this length.
  const text = z.string(invalid).max(1000, MSG.match.textTooLong).nullable().optional();
  const room = z.number(invalid).nullable().optional();
  return z.strictObject({
    data: text,
    ora: text,
    oraFine: text,
    squadraCasa: text,
    squadraTrasferta: text,
    campo: text,
    gruppo: text,
    isHouseMatch: z.boolean(invalid).nullable().optional(),
    spogliatoioGari: room,
    spogliatoioOspiti: room,
    terreno: text,
    tipoGara: text,
  });
}

/** The payload's shape: strict (unknown fields are refused), every field may be missing so the rules name it. */
export function partitaBodySchema() {
  bodySchema ??= buildBodySchema();
  return bodySchema;
}

/** The server's schema: the shape, then the form's rules, then the normalised payload. */
export function partitaPayloadSchema(opts: ValidateOptions) {
  return partitaBodySchema()
    .superRefine((v, ctx) => {
      const message = validatePartita(v, opts);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((v) => toPayload(v, opts.clubName));
}

/** The form's values of a stored match (edit screen). */
export function partitaToValues(p: Partita): Required<PartitaValues> {
  return {
    data: p.data,
    ora: shortTime(p.ora),
    oraFine: p.ora_fine ? shortTime(p.ora_fine) : '',
    squadraCasa: p.squadracasa,
    squadraTrasferta: p.squadratrasferta,
    campo: p.campo,
    gruppo: p.gruppo,
    isHouseMatch: p.is_house_match,
    spogliatoioGari: p.spogliatoio_gari,
    spogliatoioOspiti: p.spogliatoio_ospiti,
    terreno: p.terreno ?? '',
    tipoGara: p.tipo_gara ?? '',
  };
}

// ---- Sanitising on read (spec 5: match data read from the server) ----

/** Strips angle brackets, quotes, semicolons, backslashes and double dashes; cuts to 100 characters. */
export function sanitizeText(value: string): string {
  let s = value.replace(/[<>"'`;\\]/g, '');
  while (s.includes('--')) s = s.replace(/-{2,}/g, '');
  return s.slice(0, PARTITA_TEXT_MAX);
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown) => v == null || typeof v === 'string';
const optNum = (v: unknown) => v == null || (typeof v === 'number' && Number.isFinite(v));

/** One record read from the server, or null when a field has the wrong type. */
export function sanitizePartita(raw: unknown): Partita | null {
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
    ora: sanitizeText(r.ora),
    ora_fine: r.ora_fine ? sanitizeText(r.ora_fine as string) : null,
    squadracasa: sanitizeText(r.squadracasa),
    squadratrasferta: sanitizeText(r.squadratrasferta),
    gruppo: sanitizeText(r.gruppo),
    campo: sanitizeText(r.campo),
    is_house_match: r.is_house_match,
    spogliatoio_gari: (r.spogliatoio_gari as number | null | undefined) ?? null,
    spogliatoio_ospiti: (r.spogliatoio_ospiti as number | null | undefined) ?? null,
    terreno,
    tipo_gara: tipo,
  };
}

/** A list read from the server: records of the wrong shape are dropped, text fields cleaned. */
export function sanitizePartite(raw: unknown): Partita[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(sanitizePartita).filter((p): p is Partita => p !== null);
}

// ---- Dashboard filters (spec 5) ----

export const FILTER_KEYS = ['data', 'ora', 'squadracasa', 'gruppo', 'squadratrasferta', 'campo', 'terreno', 'tipoGara'] as const;
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
  return true;
}
