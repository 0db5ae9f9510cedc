// The club's closures (docs/trainings.md, 'Chiusure del club'): periods (Christmas, Easter, the
// summer) in which no training series trains and the slot finder proposes nothing; a match saved in
// one is saved with a warning. The same rules run in the form, on the server, in the occurrences
// of a series (common/trainings/rules.ts) and in the slot finder (common/occupancy/slots.ts).
import dayjs from 'dayjs';
import { z } from '../core/zod';
import { isSingleLine } from '../core/text';
import { isIsoDate } from '../core/date-text';
import { CHIUSURE_MSG } from './messages';

/** A stored closure, as the API answers it: both ends included. */
export interface Chiusura {
  id: number;
  nome: string;
  dal: string;
  al: string;
}

/** The create/update body. */
export type ChiusuraPayload = Omit<Chiusura, 'id'>;

/** What the occurrence rule reads of a closure: its days, both ends included ('YYYY-MM-DD'). */
export type Periodo = Pick<Chiusura, 'dal' | 'al'>;

export const CHIUSURA_NOME_MAX = 100;
/** The longest closure (a summer break and some). */
export const CHIUSURA_MAX_GIORNI = 120;

const M = CHIUSURE_MSG.invalid;
const date = z.string({ error: M.data }).max(10, M.data).refine((d) => isIsoDate(d), M.data);

/** The body of POST and PUT /api/chiusure: strict, every field required. */
export const chiusuraBodySchema = z
  .strictObject({
    nome: z.string({ error: M.nome }).trim().min(1, M.nome).max(CHIUSURA_NOME_MAX, M.nomeLungo(CHIUSURA_NOME_MAX)).refine(isSingleLine, M.nomeRiga),
    dal: date,
    al: date,
  })
  .superRefine((v, ctx) => {
    if (!isIsoDate(v.dal) || !isIsoDate(v.al)) return;
    if (v.al < v.dal) return ctx.addIssue({ code: 'custom', path: ['al'], message: M.periodo });
    if (dayjs(v.al).diff(dayjs(v.dal), 'day') + 1 > CHIUSURA_MAX_GIORNI) ctx.addIssue({ code: 'custom', path: ['al'], message: M.periodoLungo(CHIUSURA_MAX_GIORNI) });
  });

/** The closure a date falls in (the first, in the order given), or undefined when the club is open. */
export function closureOn<P extends Periodo>(iso: string, chiusure: readonly P[]): P | undefined {
  return chiusure.find((c) => c.dal <= iso && iso <= c.al);
}

/** Whether the club is closed on that date. */
export const isClosed = (iso: string, chiusure: readonly Periodo[]) => closureOn(iso, chiusure) !== undefined;

/** The closures that meet [from, to]. */
export const closuresBetween = <P extends Periodo>(chiusure: readonly P[], from: string, to: string): P[] => chiusure.filter((c) => c.dal <= to && c.al >= from);

/** 'Vacanze di Natale, 23/12-06/01': how the warning, the activity log and the dialogs name a closure. */
export const describeChiusura = (c: Pick<Chiusura, 'nome' | 'dal' | 'al'>) => CHIUSURE_MSG.describe(c.nome, c.dal, c.al);

/** The warning of a match on that date, or undefined when the club is open. */
export function closureWarning(data: string, chiusure: readonly Chiusura[]): string | undefined {
  const c = closureOn(data, chiusure);
  return c ? CHIUSURE_MSG.matchWarning(describeChiusura(c)) : undefined;
}
