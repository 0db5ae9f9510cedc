import dayjs from 'dayjs';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Pool } from '../../db/pool';
import { withTransaction } from '../../db/pool';
import type { Mailer } from '../../mail/mailer';
import { todayIn } from '../../../common/core/dates';
import { NOTIFICHE_MSG } from '../../../common/notifications/rules';
import { recordActivity } from '../../shared/activity';
import * as repo from './repo';
import { weekRange } from '../../../common/export/rules';
import type { Job } from '../../plugins/scheduler';
import { certificatesText, changesText, collapse, digestText, unsubscribeToken, unsubscribeUrl } from './mail';
import { addDays, SCADENZA_GIORNI } from '../../../common/players/rules';
import { designationMail } from '../../mail/templates';
import { invitationIcs } from '../../services/designations/ics';
import { queueDeletedMatchCancels, queueMatchUpdates, type DesignationJobData } from '../../services/designations/mail';
import { queueCallupUpdates, queueReminders, sendCallupJob, type CallupJobData, type CallupPass } from '../../services/callups/mail';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';

/** Attempts before a job is 'fallita'; waits 1, 2, 4, 8 minutes between them. */
export const MAX_ATTEMPTS = 5;
export const BACKOFF_BASE_MS = 60_000;
/** How often the scheduler's notifiche jobs look at the queue and at the week's digest. */
export const POLL_MS = 5_000;
/** Matches dated from today to this many days ahead (APP_TIMEZONE) are announced. */
export const WINDOW_DAYS = 14;

export interface WorkerDeps {
  pool: Pool;
  mailer: Mailer;
  config: Config;
  jwtSecret: string;
  logger?: Logger;
  /** The export feature's week sheet (server/app.ts hands it over), attached to the weekly digest; without it the digest goes without. */
  weekPdf?: WeekPdfBuilder;
}

/** The week sheet of one category, with its file name and how many matches it lists. */
export type WeekPdfBuilder = (week: { start: string; end: string; gruppo: string; allenamenti?: boolean }) => Promise<{ pdf: Buffer; filename: string; total: number }>;

/**
 * Turns the changes of each category whose oldest change is older than NOTIFY_DELAY_SECONDS into
 * one job per referent who chose 'ogni_modifica', and marks them grouped, in one transaction.
 */
export async function groupChanges(deps: WorkerDeps, now: Date = new Date()): Promise<number> {
  return withTransaction(deps.pool, async (db) => {
    if (!(await repo.tryGroupingLock(db))) return 0;
    let jobs = 0;
    for (const gruppo of await repo.dueCategories(db, now, deps.config.notifyDelaySeconds)) {
      const changes = await repo.takeChanges(db, gruppo);
      if (!changes.length) continue;
      await repo.markGrouped(
        db,
        changes.map((c) => c.id),
        now,
      );
      const items = collapse(changes, (date) => {
        // The window as it was when the change was made, in APP_TIMEZONE.
        const at = changes[0].created_at;
        const today = todayIn(deps.config.timezone, at);
        return date >= today && date <= dayjs(today).add(WINDOW_DAYS, 'day').format('YYYY-MM-DD');
      });
      if (!items.length) continue;
      const text = changesText(gruppo, items);
      for (const r of await repo.recipients(db, gruppo, 'ogni_modifica')) {
        await repo.insertJob(
          db,
          { tipo: 'modifiche', gruppo, email: r.email, oggetto: NOTIFICHE_MSG.changesSubject(gruppo), testo: text, dati: { gruppoId: r.gruppo_id } },
          now,
        );
        jobs++;
      }
    }
    return jobs;
  });
}

/** The weekly digest goes out from Monday at this hour (APP_TIMEZONE). */
export const DIGEST_HOUR = 8;

/**
 * From Monday 8:00 (APP_TIMEZONE) on: one 'riepilogo' job per 'settimanale' referent of each
 * category, with the week's matches in the body; the key (week, category, email) makes it once a
 * week whatever the number of passes or processes. A week whose Monday passed with no process
 * running gets its digest at the first pass later that week, up to Saturday (repo.digestCategories).
 * The week PDF is attached when it is sent.
 */
export async function digestJobs(deps: WorkerDeps, now: Date = new Date()): Promise<number> {
  const local = dayjs(now).tz(deps.config.timezone);
  // Monday before 8:00 is too early; on Sunday a missed digest is too late to be of use.
  if ((local.day() === 1 && local.hour() < DIGEST_HOUR) || local.day() === 0) return 0;
  const { start, end } = weekRange(local.format('YYYY-MM-DD'));
  const d = (iso: string) => dayjs(iso).format('DD/MM/YYYY');
  return withTransaction(deps.pool, async (db) => {
    let jobs = 0;
    for (const gruppo of await repo.digestCategories(db, start)) {
      const text = digestText(gruppo, start, end, await repo.matchesOfWeek(db, gruppo, start, end));
      for (const r of await repo.recipients(db, gruppo, 'settimanale')) {
        await repo.insertJob(
          db,
          {
            tipo: 'riepilogo',
            chiave: `riepilogo:${start}:${r.gruppo_id}:${r.email}`,
            gruppo,
            email: r.email,
            oggetto: NOTIFICHE_MSG.digestSubject(gruppo, d(start), d(end)),
            testo: text,
            dati: { gruppoId: r.gruppo_id, weekFrom: start, weekTo: end },
          },
          now,
        );
        jobs++;
      }
    }
    return jobs;
  });
}

export const backoffMs = (attempt: number) => BACKOFF_BASE_MS * 2 ** (attempt - 1);

/**
 * Sends one due job, holding its row lock (FOR UPDATE SKIP LOCKED) while SMTP answers, so no other
 * process sends it too. False when no job is due.
 */
export async function sendOne(deps: WorkerDeps, now: Date = new Date()): Promise<boolean> {
  return withTransaction(deps.pool, async (db) => {
    const job = await repo.takeJob(db, now);
    if (!job) return false;
    // The players named by a weekly digest (docs/players.md, expiry alerts): how many, for its activity record.
    let certificati = 0;
    try {
      if (job.tipo === 'designazione') await sendDesignation(deps, job, now);
      else if (job.tipo === 'convocazione') await sendCallupJob({ ...deps, db }, job, now);
      else {
        const dati = job.dati as { gruppoId: number; weekFrom?: string; weekTo?: string } | null;
        const link = unsubscribeUrl(deps.config.publicUrl, await unsubscribeToken(deps.jwtSecret, dati?.gruppoId ?? 0, job.email));
        const build = job.tipo === 'riepilogo' && dati?.weekFrom && dati.weekTo ? deps.weekPdf : undefined;
        const week = build ? await build({ start: dati!.weekFrom!, end: dati!.weekTo!, gruppo: job.gruppo }) : null;
        // A digest's certificates are read now, not stored with the job: the queue holds no child's name.
        const today = todayIn(deps.config.timezone, now);
        const expiring = job.tipo === 'riepilogo' && dati?.gruppoId ? await repo.expiringCertificates(db, dati.gruppoId, addDays(today, SCADENZA_GIORNI)) : [];
        certificati = expiring.length;
        await deps.mailer.send({
          to: job.email,
          subject: job.oggetto,
          text: `${job.testo}${certificatesText(expiring, today)}\n${NOTIFICHE_MSG.footer(link)}\n`,
          link,
          headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          ...(week ? { attachments: [{ filename: week.filename, content: week.pdf, contentType: 'application/pdf' }] } : {}),
        });
      }
    } catch (err) {
      const message = String((err as Error)?.message ?? err).slice(0, 500);
      const attempt = job.tentativi + 1;
      const texts = activityTexts(job);
      if (attempt >= MAX_ATTEMPTS) {
        await repo.markFailed(db, job.id, message);
        await recordActivity(db, null, { type: 'warning', message: texts.failed, context: { job: job.id, attempt, error: message, ...texts.context } });
      } else {
        const next = new Date(now.getTime() + backoffMs(attempt));
        await repo.markRetry(db, job.id, next, message);
        await recordActivity(db, null, {
          type: 'warning',
          message: texts.retried(attempt + 1),
          context: { job: job.id, attempt, next: next.toISOString(), error: message, ...texts.context },
        });
      }
      deps.logger?.warn({ job: job.id, attempt, err: message }, 'notifica non inviata');
      return true;
    }
    await repo.markSent(db, job.id, now);
    const texts = activityTexts(job);
    await recordActivity(db, null, {
      type: 'success',
      message: texts.sent,
      context: { job: job.id, tipo: job.tipo, ...texts.context, ...(job.tipo === 'riepilogo' ? { certificati } : {}) },
    });
    return true;
  });
}

/**
 * The activity records of a job. A family's call-up mail names no address and no child (docs/players.md:
 * the player's id only), so erasing a player leaves nothing of them in the log.
 */
function activityTexts(job: repo.JobRow): { sent: string; retried: (n: number) => string; failed: string; context: Record<string, unknown> } {
  if (job.tipo === 'convocazione') {
    const { giocatoreId, partitaId } = job.dati as CallupJobData;
    const A = CONVOCAZIONI_MSG.activity;
    return {
      sent: A.mailSent(giocatoreId, job.gruppo),
      retried: (n) => A.mailRetried(giocatoreId, job.gruppo, n),
      failed: A.mailFailed(giocatoreId, job.gruppo),
      context: { partita: partitaId, giocatore: giocatoreId },
    };
  }
  return {
    sent: NOTIFICHE_MSG.activitySent(job.email, job.gruppo),
    retried: (n) => NOTIFICHE_MSG.activityRetried(job.email, job.gruppo, n),
    failed: NOTIFICHE_MSG.activityFailed(job.email, job.gruppo),
    context: {},
  };
}

/**
 * A designation's mail (server/services/designations/invitations.ts): the text queued with it and its
 * iCalendar file, written now (DTSTAMP) with the club's host, timezone and MAIL_FROM. No unsubscribe
 * link: it is a message about the person's own designation, not a subscription.
 */
async function sendDesignation(deps: WorkerDeps, job: repo.JobRow, now: Date): Promise<void> {
  const d = job.dati as DesignationJobData;
  const { config } = deps;
  const ics = invitationIcs(d, { host: new URL(config.publicUrl).hostname, timezone: config.timezone, mailFrom: config.mailFrom, clubName: config.clubName, now });
  await deps.mailer.send(designationMail(config, { to: job.email, subject: job.oggetto, text: job.testo, ics, method: d.method }));
}

/**
 * The updated invitations of the designated people of matches changed more than
 * NOTIFY_DELAY_SECONDS ago (migration 019), so a burst of edits makes one mail per person.
 */
export async function designationUpdates(deps: WorkerDeps, now: Date = new Date()): Promise<number> {
  return withTransaction(deps.pool, (db) => queueMatchUpdates(db, new Date(now.getTime() - deps.config.notifyDelaySeconds * 1000)));
}

/**
 * The cancellations of the designated people of deleted matches (migration 020), at once: a match
 * dated before today (APP_TIMEZONE) mails nobody.
 */
export async function designationCancels(deps: WorkerDeps, now: Date = new Date()): Promise<number> {
  return withTransaction(deps.pool, (db) => queueDeletedMatchCancels(db, todayIn(deps.config.timezone, now), now));
}

/** Records what a call-up pass did to each match (one record per match, in the pass's transaction). */
async function recordCallupPasses(db: Parameters<typeof recordActivity>[0], passes: CallupPass[], message: (p: CallupPass) => string): Promise<number> {
  let mails = 0;
  for (const p of passes) {
    await recordActivity(db, null, { type: 'info', message: message(p), context: { partita: p.partitaId, mail: p.mails, ...(p.stato ? { stato: p.stato } : {}) } });
    mails += p.mails;
  }
  return mails;
}

/**
 * The call-ups of matches changed more than NOTIFY_DELAY_SECONDS ago (migration 024): their families
 * asked again, or told of a cancellation or postponement (server/services/callups/mail.ts).
 */
export async function callupUpdates(deps: WorkerDeps, now: Date = new Date()): Promise<number> {
  return withTransaction(deps.pool, async (db) => {
    const passes = await queueCallupUpdates(db, new Date(now.getTime() - deps.config.notifyDelaySeconds * 1000), now, deps.config.timezone, todayIn(deps.config.timezone, now));
    const A = CONVOCAZIONI_MSG.activity;
    return recordCallupPasses(db, passes, (p) => (p.stato ? A.told(p.label, p.stato, p.mails) : A.reasked(p.label, p.mails)));
  });
}

/** How often the call-ups' reminders are looked for. */
export const REMINDER_POLL_MS = 60_000;

/**
 * The call-ups' reminders due at `now` (24 hours before each deadline, never at night: docs/callups.md),
 * queued with one activity record per match; the next pass of the queue sends them.
 */
export async function callupReminders(deps: WorkerDeps, now: Date = new Date()): Promise<number> {
  return withTransaction(deps.pool, async (db) =>
    recordCallupPasses(db, await queueReminders(db, now, deps.config.timezone), (p) => CONVOCAZIONI_MSG.activity.reminders(p.label, p.mails)),
  );
}

/** One pass: group due changes, then send every due job (until `signal` is aborted: the app closes). */
export async function runOnce(deps: WorkerDeps, now: Date = new Date(), signal?: AbortSignal): Promise<void> {
  await groupChanges(deps, now);
  await designationUpdates(deps, now);
  await designationCancels(deps, now);
  await callupUpdates(deps, now);
  while (!signal?.aborted && (await sendOne(deps, now)));
}

/**
 * The queue's jobs of the scheduler, every POLL_MS: the change mails (group, then send) and the
 * weekly digest; every minute, the call-ups' reminders (docs/callups.md). The queue's row locks (SKIP LOCKED) and the digest's key already make each mail
 * once across processes; the scheduler's advisory lock also keeps each pass to one process at a time.
 */
export function notificheJobs(deps: WorkerDeps, pollMs = POLL_MS): Job[] {
  return [
    { name: 'notifiche', intervalMs: pollMs, run: ({ signal }) => runOnce(deps, new Date(), signal) },
    { name: 'notifiche-riepilogo', intervalMs: pollMs, run: () => digestJobs(deps) },
    { name: 'convocazioni-promemoria', intervalMs: Math.max(pollMs, REMINDER_POLL_MS), run: () => callupReminders(deps) },
  ];
}
