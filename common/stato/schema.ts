// The request schemas of the match-status endpoints (docs/partite.md, status), apart from common/stato/rules.ts
// so the public page's bundle does not take zod in.
import { z } from '../core/zod';
import { MSG } from '../core/messages';
import { isIsoDate } from '../core/dateText';
import { AZIONI, GIORNI_MAX, IDS_MAX, STATUS_MSG, type AzioneStato } from './rules';
import { MOTIVO_MAX } from './read';

export interface StatoRequest {
  ids: number[];
  azione: AzioneStato;
  nuovaData: string | null;
  giorni: number | null;
  motivo: string | null;
  /** The editor confirmed the clashes the move makes (docs/occupazione.md). */
  conferma: boolean;
}

/**
 * The body of POST /api/partite/stato, strict, with the transitions' rules: 'sposta' needs
 * giorni (1..365) and nothing else takes it; only 'rinvia' takes a new date, which may not be
 * before `today` (the form's rule and message); the reason is trimmed, up to 200 characters,
 * empty means none. The dates that 'sposta' computes are checked by the server per match.
 */
export function statoRequestSchema(today: string) {
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
        else if (data < today) fail(MSG.match.futureDate, 'nuovaData');
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
      }),
    );
}
