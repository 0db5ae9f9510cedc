import { isSingleLine } from '../core/text';
import { z } from '../core/zod';
import { MSG } from '../core/messages';
import { isIsoDate, shortTime } from '../core/date-text';
import { isTime } from '../core/dates';
import { matchTimeProblem } from './times';
import {
  DEFAULT_CLUB_NAME,
  PARTITA_TEXT_MAX,
  SPOGLIATOIO_MAX,
  SPOGLIATOIO_MIN,
  TERRENI,
  TIPI_GARA,
  isHomeTeam,
  type Partita,
  type Terreno,
  type TipoGara,
} from './read';


/** The create/update payload (docs/matches.md, fields), after validation and normalising (the "sent values" of toPayload). */
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
  /** APP_TIMEZONE (docs/matches.md, validation): a time that does not exist on that day there is refused. Default Europe/Rome. */
  timezone?: string;
}

/** Whether the values describe a home match: the switch, or the club's name in the home team. */
export function effectiveHome(v: PartitaValues, clubName: string = DEFAULT_CLUB_NAME): boolean {
  return v.isHouseMatch === true || isHomeTeam(v.squadraCasa, clubName);
}

const blank = (s: string | null | undefined) => s == null || s.trim() === '';

const REQUIRED: Array<keyof typeof MSG.match.labels> = ['data', 'ora', 'squadraCasa', 'squadraTrasferta', 'campo', 'gruppo', 'tipoGara'];

/** Labels of the required fields still empty, in the order of docs/matches.md, validation (Ora di fine last, home matches only). */
export function missingFields(v: PartitaValues, clubName: string = DEFAULT_CLUB_NAME): string[] {
  const missing = REQUIRED.filter((k) => blank(v[k] as string | null | undefined)).map((k) => MSG.match.labels[k]);
  if (effectiveHome(v, clubName) && blank(v.oraFine)) missing.push(MSG.match.labels.oraFine);
  return missing;
}

const roomOk = (n: number | null | undefined) => n == null || (Number.isInteger(n) && n >= SPOGLIATOIO_MIN && n <= SPOGLIATOIO_MAX);

/** The first rule a match breaks: its Italian message and, where one field is at fault, that field. */
export interface PartitaProblem {
  field: keyof PartitaValues | null;
  message: string;
}

/**
 * The validation rules of docs/matches.md for the add and edit forms, in the order a person meets them; the same
 * function runs in the form (to enable the save button) and on the server. Returns the first
 * problem, or null when the values may be saved.
 */
export function partitaProblem(v: PartitaValues, { mode, today, clubName = DEFAULT_CLUB_NAME, timezone }: ValidateOptions): PartitaProblem | null {
  const problem = (field: keyof PartitaValues | null, message: string) => ({ field, message });
  if (missingFields(v, clubName).length > 0) {
    return problem(null, mode === 'create' ? MSG.match.missingFields(missingFields(v, clubName)) : MSG.match.fillRequired);
  }
  const home = effectiveHome(v, clubName);
  if (!isIsoDate(v.data)) return problem('data', MSG.match.invalidDate);
  if (!isTime(v.ora)) return problem('ora', MSG.match.invalidTime);
  if (home && !isTime(v.oraFine)) return problem('oraFine', MSG.match.invalidTime);
  // docs/matches.md, validation (common/matches/times.ts): the times exist on that day, the end (home matches) after the start.
  const times = matchTimeProblem({ data: v.data, ora: v.ora, oraFine: home ? v.oraFine : null }, timezone);
  if (times) return problem(times.field, times.message);
  for (const k of ['squadraCasa', 'squadraTrasferta', 'campo', 'gruppo'] as const) {
    if ((v[k] as string).trim().length > PARTITA_TEXT_MAX) return problem(k, MSG.match.textTooLong);
    if (!isSingleLine(v[k] as string)) return problem(k, MSG.validation.singleLine(MSG.match.labels[k]));
  }
  if (!(TIPI_GARA as readonly string[]).includes(v.tipoGara as string)) return problem('tipoGara', MSG.match.invalidData);
  if (!blank(v.terreno) && !(TERRENI as readonly string[]).includes(v.terreno as string)) return problem('terreno', MSG.match.invalidData);
  if ((v.data as string) < today) return problem('data', MSG.match.futureDate);
  if ((v.squadraCasa as string).trim().toLocaleLowerCase('it') === (v.squadraTrasferta as string).trim().toLocaleLowerCase('it')) {
    return problem('squadraTrasferta', MSG.match.sameTeams);
  }
  if (home) {
    if (!roomOk(v.spogliatoioGari)) return problem('spogliatoioGari', MSG.match.roomsRange);
    if (!roomOk(v.spogliatoioOspiti)) return problem('spogliatoioOspiti', MSG.match.roomsRange);
    if (mode === 'create' && v.spogliatoioGari != null && v.spogliatoioGari === v.spogliatoioOspiti) return problem('spogliatoioOspiti', MSG.match.roomsDiffer);
  }
  return null;
}

/** partitaProblem's message only: what the forms show. */
export function validatePartita(v: PartitaValues, opts: ValidateOptions): string | null {
  return partitaProblem(v, opts)?.message ?? null;
}

/** The "sent values" (docs/matches.md, validation and home or away): text trimmed, oraFine and rooms null for away matches, terreno null if empty. */
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
    // Save over clashes (docs/occupancy.md): the editor confirmed them in the dialog.
    confermaSovrapposizioni: z.boolean(invalid).optional(),
  });
}

/** The payload's shape: strict (unknown fields are refused), every field may be missing so the rules name it. */
export function partitaBodySchema() {
  bodySchema ??= buildBodySchema();
  return bodySchema;
}

/**
 * The server's schema: the shape, then the form's rules, then the normalised payload. `row`: a match
 * of a list (the import), without the single save's confermaSovrapposizioni (refused as unknown).
 */
export function partitaPayloadSchema(opts: ValidateOptions, { row = false } = {}) {
  const body = partitaBodySchema();
  return (row ? body.omit({ confermaSovrapposizioni: true }) : body)
    .superRefine((v, ctx) => {
      // The field at fault as the issue's path (the import's errors name it); the message is the form's.
      const problem = partitaProblem(v, opts);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.field ? [problem.field] : [] });
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

/**
 * A match as messages name it (activity log, clash lists): 'Casa - Ospiti (Categoria) del dd/mm/yyyy
 * ore HH:MM', without the category where it is not given. `data` is yyyy-mm-dd.
 */
export function matchLabel(p: { squadracasa: string; squadratrasferta: string; gruppo?: string; data: string; ora: string }): string {
  const [y, m, d] = p.data.split('-');
  const gruppo = p.gruppo ? ` (${p.gruppo})` : '';
  return `${p.squadracasa} - ${p.squadratrasferta}${gruppo} del ${d}/${m}/${y} ore ${shortTime(p.ora)}`;
}
