// Saving a match's designations (docs/officials.md), in two steps inside the caller's transaction:
// `plan` checks the people (400) and finds the clashes of the people new to the match (the caller
// answers 409 unless confirmed), `write` stores them with their activity records and queues the
// invitations and cancellations. Used by PUT /api/partite/{id}/designazioni (routes.ts) and, through
// the match save of the matches feature,
// which saves a match and its designations in one transaction.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import type { Config } from '../../config';
import type { Partita } from '../../../common/matches/read';
import { matchLabel } from '../../../common/matches/rules';
import { holdsFacilities } from '../../../common/occupancy/rules';
import {
  DEFAULT_DESIGNATION_MARGIN_MINUTES,
  RUOLI,
  designazioniProblem,
  personClashes,
  type Designazioni,
  type DesignazioniView,
} from '../../../common/officials/rules';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import type { DesignazioneConflitto } from '../../../common/officials/types';
import { badRequest } from '../../shared/errors';
import { recordActivity } from '../../shared/activity';
import * as repo from './repo';
import { enqueueDesignationMails } from './invitations';

/** What `plan` found: the designations before and after, and the clashes of the people new to the match. */
export interface DesignationPlan {
  partitaId: number;
  before: Designazioni;
  after: Designazioni;
  /** Nothing changes: `write` does nothing. */
  same: boolean;
  /** The person clashes of the newcomers (a 409 unless confirmed). */
  conflitti: DesignazioneConflitto[];
}

const sameDesignazioni = (a: Designazioni, b: Designazioni) => RUOLI.every((r) => a[r] === b[r]);

/** The people a match's designations name, without repeats. */
export const peopleOf = (d: Designazioni): number[] => [...new Set(RUOLI.flatMap((r) => (d[r] === null ? [] : [d[r]!])))];

/**
 * Checks `after` as the designations of `match` (as it will be once saved): every person exists,
 * is active and qualified (400 otherwise), and the people new to the match are compared with their
 * other designations of its day. The caller holds the day lock of the match's day and the match row.
 * Only newcomers are checked: a clash confirmed earlier does not stop a later change.
 */
export async function planDesignazioni(db: Db, match: Partita, after: Designazioni, marginMinutes: number): Promise<DesignationPlan> {
  const people = await repo.dirigentiByIds(db, peopleOf(after));
  const problem = designazioniProblem(after, people);
  if (problem) throw badRequest(problem);
  const before = await repo.designazioniOf(db, match.id, true);
  if (sameDesignazioni(before, after)) return { partitaId: match.id, before, after, same: true, conflitti: [] };
  const kept = new Set(peopleOf(before));
  const newcomers = peopleOf(after).filter((id) => !kept.has(id));
  let conflitti: DesignazioneConflitto[] = [];
  if (newcomers.length > 0 && holdsFacilities(match)) {
    const others = await repo.impegniOnDays(db, [match.data], newcomers);
    conflitti = personClashes(match, newcomers.map((dirigenteId) => ({ dirigenteId })), others, marginMinutes);
  }
  return { partitaId: match.id, before, after, same: false, conflitti };
}

/**
 * Writes a planned change (nothing when `same`): the designations, the activity record (and the
 * warning of the clashes confirmed), and, in this transaction, the mails of the people who changed
 * (docs/notifications.md). Call it after the match's own write, so the mails carry the match as saved.
 */
export async function writeDesignazioni(db: Db, request: FastifyRequest, match: Partita, plan: DesignationPlan): Promise<void> {
  if (plan.same) return;
  const { partitaId: id, before, after, conflitti } = plan;
  await repo.replaceDesignazioni(db, id, before, after);
  const label = matchLabel(match);
  await recordActivity(db, request, { type: 'info', message: DIRIGENTI_MSG.activity.designations(label), context: { id, before, after } });
  if (conflitti.length > 0) {
    await recordActivity(db, request, {
      type: 'warning',
      message: DIRIGENTI_MSG.activity.confirmed(label),
      context: { id, confermatoDa: request.user?.email ?? null, conflitti },
    });
  }
  await enqueueDesignationMails(db, { partitaId: id, before, after });
}

/** The designations with names of a match (the answer of a save). */
export async function designazioniView(db: Db, id: number): Promise<DesignazioniView> {
  return (await repo.designazioniViews(db, [id])).get(id)!;
}

/** The designation steps with the configured DESIGNATION_MARGIN_MINUTES. */
export const designationService = (config: Pick<Config, 'designationMarginMinutes'> | undefined) => {
  const margin = config?.designationMarginMinutes ?? DEFAULT_DESIGNATION_MARGIN_MINUTES;
  return {
    /** planDesignazioni with DESIGNATION_MARGIN_MINUTES. */
    plan: (db: Db, match: Partita, after: Designazioni) => planDesignazioni(db, match, after, margin),
    write: writeDesignazioni,
    view: designazioniView,
  };
};

export type DesignationService = ReturnType<typeof designationService>;
