// The request schemas of the match-status endpoints (docs/matches.md, status), apart from common/status/rules.ts
// so the public page's bundle does not take zod in.
import { z } from '../core/zod';
import { MSG } from '../core/messages';
import { isIsoDate } from '../core/date-text';
import { isTime } from '../core/dates';
import { isSingleLine } from '../core/text';
import { PARTITA_TEXT_MAX, SPOGLIATOIO_MAX, SPOGLIATOIO_MIN } from '../matches/read';
import { AZIONI, GIORNI_MAX, IDS_MAX, STATUS_MSG, type AzioneStato } from './rules';
import { MOTIVO_MAX } from './read';

/**
 * A chosen slot applied by 'Rinvia' of one match (docs/matches.md, status): start, end, pitch and rooms,
 * with `nuovaData` the slot's day. Checked per match by the server as a save checks them.
 */
export interface StatoSlot {
  ora: string;
  /** Null: the end is the match's business only when it is a home match (the server checks it). */
  oraFine: string | null;
  campo: string;
  spogliatoioGari: number | null;
  spogliatoioOspiti: number | null;
}

/** The fields of a slot in the body of POST /api/partite/stato. */
export const SLOT_FIELDS = ['ora', 'oraFine', 'campo', 'spogliatoioGari', 'spogliatoioOspiti'] as const;

export interface StatoRequest {
  ids: number[];
  azione: AzioneStato;
  nuovaData: string | null;
  giorni: number | null;
  motivo: string | null;
  /** The editor confirmed the clashes the move makes (docs/occupancy.md). */
  conferma: boolean;
  /** 'Rinvia' of one match to a chosen slot: the rest of the slot, or null (the date only). */
  slot: StatoSlot | null;
}

/**
 * The body of POST /api/partite/stato, strict, with the transitions' rules: 'sposta' needs
 * giorni (1..365) and nothing else takes it; only 'rinvia' takes a new date, which may not be
 * before `today` (the form's rule and message; a function is asked at each parse, as a route's schema
 * lives longer than a day); the reason is trimmed, up to 200 characters, empty means none. The dates
 * that 'sposta' computes are checked by the server per match.
 */
export function statoRequestSchema(today: string | (() => string)) {
  const id = z.number({ error: STATUS_MSG.idsInvalid }).int(STATUS_MSG.idsInvalid).positive(STATUS_MSG.idsInvalid).max(2_147_483_647, STATUS_MSG.idsInvalid);
  return z
    .strictObject({
      ids: z
        .array(id, { error: STATUS_MSG.idsRequired })
        .min(1, STATUS_MSG.idsRequired)
        .max(IDS_MAX, STATUS_MSG.idsTooMany)
        .refine((ids) => new Set(ids).size === ids.length, STATUS_MSG.idsDuplicate),
      azione: z.enum(AZIONI, { error: STATUS_MSG.invalidAction }),
      nuovaData: z.string({ error: MSG.match.invalidDate }).max(10, MSG.match.invalidDate).nullable().optional(),
      giorni: z.number({ error: STATUS_MSG.giorniRange }).nullable().optional(),
      motivo: z.string({ error: STATUS_MSG.motivoTooLong }).max(1000, STATUS_MSG.motivoTooLong).nullable().optional(),
      confermaSovrapposizioni: z.boolean({ error: MSG.http.badRequest }).optional(),
      ora: z.string({ error: MSG.match.invalidTime }).max(10, MSG.match.invalidTime).nullable().optional(),
      oraFine: z.string({ error: MSG.match.invalidTime }).max(10, MSG.match.invalidTime).nullable().optional(),
      campo: z.string({ error: MSG.match.invalidData }).max(1000, MSG.match.textTooLong).nullable().optional(),
      spogliatoioGari: z.number({ error: MSG.match.roomsRange }).nullable().optional(),
      spogliatoioOspiti: z.number({ error: MSG.match.roomsRange }).nullable().optional(),
    })
    .superRefine((v, ctx) => {
      const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
      const motivo = v.motivo?.trim() ?? '';
      if (motivo.length > MOTIVO_MAX) fail(STATUS_MSG.motivoTooLong, 'motivo');
      if (v.azione === 'sposta') {
        if (v.giorni == null) fail(STATUS_MSG.giorniRequired, 'giorni');
        else if (!Number.isInteger(v.giorni) || v.giorni < 1 || v.giorni > GIORNI_MAX) fail(STATUS_MSG.giorniRange, 'giorni');
      } else if (v.giorni != null) fail(STATUS_MSG.giorniOnlySposta, 'giorni');
      const data = v.nuovaData?.trim() ?? '';
      if (data !== '') {
        if (v.azione !== 'rinvia') fail(STATUS_MSG.nuovaDataOnlyRinvia, 'nuovaData');
        else if (!isIsoDate(data)) fail(MSG.match.invalidDate, 'nuovaData');
        else if (data < (typeof today === 'function' ? today() : today)) fail(MSG.match.futureDate, 'nuovaData');
      }
      // A chosen slot: one match postponed to a new date, with the start and the pitch at least (the form's rules).
      if (SLOT_FIELDS.some((k) => v[k] != null)) {
        if (v.azione !== 'rinvia') return fail(STATUS_MSG.slotOnlyRinvia, 'ora');
        if (v.ids.length !== 1) return fail(STATUS_MSG.slotOnlyOne, 'ids');
        if (data === '' || (v.ora ?? '').trim() === '' || (v.campo ?? '').trim() === '') return fail(STATUS_MSG.slotIncomplete, 'ora');
        if (!isTime(v.ora?.trim())) fail(MSG.match.invalidTime, 'ora');
        if (v.oraFine != null && v.oraFine.trim() !== '' && !isTime(v.oraFine.trim())) fail(MSG.match.invalidTime, 'oraFine');
        const campo = (v.campo ?? '').trim();
        if (campo.length > PARTITA_TEXT_MAX) fail(MSG.match.textTooLong, 'campo');
        else if (!isSingleLine(campo)) fail(MSG.validation.singleLine(MSG.match.labels.campo), 'campo');
        const roomOk = (n: number | null | undefined) => n == null || (Number.isInteger(n) && n >= SPOGLIATOIO_MIN && n <= SPOGLIATOIO_MAX);
        if (!roomOk(v.spogliatoioGari)) fail(MSG.match.roomsRange, 'spogliatoioGari');
        else if (!roomOk(v.spogliatoioOspiti)) fail(MSG.match.roomsRange, 'spogliatoioOspiti');
        else if (v.spogliatoioGari != null && v.spogliatoioGari === v.spogliatoioOspiti) fail(MSG.match.roomsDiffer, 'spogliatoioOspiti');
      }
    })
    .transform(
      (v): StatoRequest => ({
        ids: v.ids,
        azione: v.azione,
        nuovaData: v.nuovaData?.trim() || null,
        giorni: v.azione === 'sposta' ? (v.giorni ?? null) : null,
        motivo: v.motivo?.trim() || null,
        conferma: v.confermaSovrapposizioni === true,
        slot:
          v.ora != null && v.ora.trim() !== ''
            ? {
                ora: v.ora.trim(),
                oraFine: v.oraFine?.trim() || null,
                campo: (v.campo ?? '').trim(),
                spogliatoioGari: v.spogliatoioGari ?? null,
                spogliatoioOspiti: v.spogliatoioOspiti ?? null,
              }
            : null,
      }),
    );
}
