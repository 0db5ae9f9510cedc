// The mails of a match's designations (docs/notifications.md, docs/officials.md): queued in the
// transaction of the change as jobs of the notification queue (tipo 'designazione', migration 019)
// and sent by its worker through the real mailer, with the same retries. Each job keeps what its
// mail says (the match as it was, the person, the role's SEQUENCE); the worker writes the
// iCalendar attachment with ical-generator when it sends it (ics.ts). Shared: the
// designations route queues them, the notification worker queues the updates after a match's change.
import dayjs from 'dayjs';
import type { Db } from '../../db/pool';
import { RUOLI, type Designazioni, type Ruolo } from '../../../common/officials/rules';
import { DIRIGENTI_MSG, RUOLO_LABELS } from '../../../common/officials/messages';
import { readMatch } from '../../../common/matches/meaning';
import { weekdayDate } from '../../../common/core/dates';
import type { DesignationMatch } from './ics';

/** The `dati` of a 'designazione' job. */
export interface DesignationJobData {
  kind: 'designazione';
  method: 'REQUEST' | 'CANCEL';
  partitaId: number;
  ruolo: Ruolo;
  sequence: number;
  persona: { nome: string; cognome: string; email: string };
  partita: DesignationMatch;
}

type Reason = 'designata' | 'tolta' | 'partita';

interface MatchRow extends DesignationMatch {
  id: number;
}

async function readMatchRow(db: Db, partitaId: number): Promise<MatchRow | undefined> {
  const { rows } = await db.query<MatchRow>(
    `SELECT id, to_char(data, 'YYYY-MM-DD') AS data, to_char(ora, 'HH24:MI') AS ora, to_char(ora_fine, 'HH24:MI') AS ora_fine,
            squadracasa, squadratrasferta, gruppo, campo, stato, data_da_definire, to_char(data_originale, 'YYYY-MM-DD') AS data_originale
       FROM public.partite WHERE id = $1`,
    [partitaId],
  );
  return rows[0];
}

async function people(db: Db, ids: number[]): Promise<Map<number, DesignationJobData['persona']>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: number; nome: string; cognome: string; email: string }>('SELECT id, nome, cognome, email FROM public.dirigenti WHERE id = ANY($1::int[])', [ids]);
  return new Map(rows.map((r) => [r.id, { nome: r.nome, cognome: r.cognome, email: r.email }]));
}

/**
 * The next SEQUENCE of a role of a match (migration 019): past the designation's and the match's
 * own counters and past the last one mailed; recorded as the last one mailed.
 */
async function nextSequence(db: Db, partitaId: number, ruolo: Ruolo): Promise<number> {
  const { rows } = await db.query<{ sequence: number }>(
    `INSERT INTO public.designazioni_invii AS i (partita_id, ruolo, sequence)
     SELECT p.id, $2, COALESCE(d.sequence, 0) + p.sequence
       FROM public.partite p LEFT JOIN public.designazioni d ON d.partita_id = p.id AND d.ruolo = $2
      WHERE p.id = $1
     ON CONFLICT (partita_id, ruolo) DO UPDATE SET sequence = GREATEST(EXCLUDED.sequence, i.sequence + 1)
     RETURNING sequence`,
    [partitaId, ruolo],
  );
  return rows[0].sequence;
}

const dmy = (iso: string) => dayjs(iso).format('DD/MM/YYYY');

/** The Italian subject and body of a designation mail (the worker adds the club's name and the attachment). */
export function designationText(d: DesignationJobData, reason: Reason): { oggetto: string; testo: string } {
  const M = DIRIGENTI_MSG.mail;
  const ruolo = RUOLO_LABELS[d.ruolo];
  const m = d.partita;
  const teams = `${m.squadracasa} - ${m.squadratrasferta}`;
  const cancelledMatch = reason === 'partita' && d.method === 'CANCEL';
  const oggetto =
    d.method === 'CANCEL' ? M.subjectCancel(ruolo, teams, dmy(m.data)) : reason === 'partita' ? M.subjectUpdate(ruolo, teams, dmy(m.data)) : M.subjectRequest(ruolo, teams, dmy(m.data));
  const intro = cancelledMatch ? M.introMatchCancelled(ruolo) : d.method === 'CANCEL' ? M.introCancel(ruolo) : reason === 'partita' ? M.introUpdate(ruolo) : M.introRequest(ruolo);
  const read = readMatch(m);
  const lines = [
    M.greeting(d.persona.nome),
    intro,
    '',
    `${M.match}: ${teams}`,
    `${M.categoria}: ${m.gruppo}`,
    `${M.data}: ${weekdayDate(m.data)}`,
    `${M.ora}: ${m.ora.slice(0, 5)}${m.ora_fine ? ` - ${m.ora_fine.slice(0, 5)}` : ''}`,
    `${M.campo}: ${m.campo}`,
    `${M.ruolo}: ${ruolo}`,
    ...(read.meaning === 'programmata' ? [] : [`${read.text}`]),
    '',
    d.method === 'CANCEL' ? M.attachmentCancel : M.attachmentRequest,
  ];
  return { oggetto, testo: lines.join('\n') };
}

/** Queues one mail, due at `due` (the worker's pass, so that pass sends it), else now(). */
async function queue(db: Db, match: MatchRow, ruolo: Ruolo, method: 'REQUEST' | 'CANCEL', persona: DesignationJobData['persona'], sequence: number, reason: Reason, due?: Date) {
  const { id, ...partita } = match;
  const dati: DesignationJobData = { kind: 'designazione', method, partitaId: id, ruolo, sequence, persona, partita };
  const { oggetto, testo } = designationText(dati, reason);
  await db.query(
    `INSERT INTO public.notifiche_job (tipo, gruppo, email, oggetto, testo, dati, prossimo_tentativo) VALUES ('designazione', $1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()))`,
    [match.gruppo, persona.email, oggetto, testo, JSON.stringify(dati), due ?? null],
  );
}

/**
 * Queues, inside the caller's transaction (after the designations are written), for each role whose
 * person changed: an invitation (METHOD:REQUEST) to the new person and a cancellation
 * (METHOD:CANCEL, same UID, higher SEQUENCE) to the previous one. A match cancelled or whose date
 * is to be set invites nobody (its people get the cancellation only).
 */
export async function queueDesignationMails(db: Db, change: { partitaId: number; before: Designazioni; after: Designazioni }): Promise<void> {
  const roles = RUOLI.filter((r) => change.before[r] !== change.after[r]);
  if (!roles.length) return;
  const match = await readMatchRow(db, change.partitaId);
  if (!match) return;
  const ids = roles.flatMap((r) => [change.before[r], change.after[r]]).filter((x): x is number => x !== null);
  const who = await people(db, ids);
  const playable = readMatch(match).feedStatus === 'CONFIRMED';
  for (const ruolo of roles) {
    const sequence = await nextSequence(db, change.partitaId, ruolo);
    const prev = change.before[ruolo] === null ? undefined : who.get(change.before[ruolo]!);
    const next = change.after[ruolo] === null ? undefined : who.get(change.after[ruolo]!);
    if (prev) await queue(db, match, ruolo, 'CANCEL', prev, sequence, 'tolta');
    if (next && playable) await queue(db, match, ruolo, 'REQUEST', next, sequence, 'designata');
  }
}

/**
 * The matches whose announced fields changed (migration 019's trigger) before `until`: each of their
 * people gets the match again, an updated invitation, or a cancellation for a match cancelled or
 * whose date is to be set (a match back with a date invites again). Taken SKIP LOCKED and deleted,
 * in the caller's transaction. The number of mails queued.
 */
export async function queueMatchUpdates(db: Db, until: Date): Promise<number> {
  const { rows } = await db.query<{ partita_id: number }>(
    `DELETE FROM public.designazioni_avvisi WHERE id IN (
       SELECT id FROM public.designazioni_avvisi WHERE partita_id IN (
         SELECT partita_id FROM public.designazioni_avvisi GROUP BY partita_id HAVING min(created_at) <= $1)
       FOR UPDATE SKIP LOCKED)
     RETURNING partita_id`,
    [until],
  );
  let jobs = 0;
  for (const partitaId of [...new Set(rows.map((r) => r.partita_id))].sort((a, b) => a - b)) {
    const match = await readMatchRow(db, partitaId);
    if (!match) continue;
    const { rows: des } = await db.query<{ ruolo: Ruolo; dirigente_id: number }>('SELECT ruolo, dirigente_id FROM public.designazioni WHERE partita_id = $1 ORDER BY ruolo', [partitaId]);
    const who = await people(db, des.map((d) => d.dirigente_id));
    const method = readMatch(match).feedStatus === 'CONFIRMED' ? 'REQUEST' : 'CANCEL';
    for (const d of des) {
      const persona = who.get(d.dirigente_id);
      if (!persona) continue;
      await queue(db, match, d.ruolo, method, persona, await nextSequence(db, partitaId, d.ruolo), 'partita');
      jobs++;
    }
  }
  return jobs;
}

/**
 * The cancellations of deleted matches' designations (migration 020's trigger keeps, before the match
 * goes, the person, the match and the SEQUENCE): each becomes a job with the removal's mail
 * (METHOD:CANCEL, the invitation's UID, a higher SEQUENCE), so the event leaves the person's calendar.
 * A match dated before `today` (APP_TIMEZONE) is over: its rows go without a mail (deleting old
 * matches mails nobody). Taken SKIP LOCKED and deleted, in the caller's transaction, with no delay
 * (a deletion is final): due at `due`, the worker's pass, which sends them. The number of mails queued.
 */
export async function queueDeletedMatchCancels(db: Db, today: string, due: Date): Promise<number> {
  const { rows } = await db.query<{ partita_id: number; ruolo: Ruolo; sequence: number; persona: DesignationJobData['persona']; partita: DesignationMatch }>(
    `DELETE FROM public.designazioni_cancellate WHERE id IN (
       SELECT id FROM public.designazioni_cancellate ORDER BY id FOR UPDATE SKIP LOCKED)
     RETURNING id, partita_id, ruolo, sequence, persona, partita`,
  );
  let jobs = 0;
  for (const r of rows) {
    if (r.partita.data < today) continue;
    await queue(db, { id: r.partita_id, ...r.partita }, r.ruolo, 'CANCEL', r.persona, r.sequence, 'tolta', due);
    jobs++;
  }
  return jobs;
}
