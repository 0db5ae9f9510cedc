import type { Db } from '../../db/pool';
import type { NotificheScelta } from '../../../common/notifications/rules';
import type { DesignationJobData } from '../../services/designations/mail';
import type { CallupJobData } from '../../services/callups/mail';

/** Data access of the notification queue (migration 012): plain SQL, always parameterised. */

/** A match as the trigger of 012 saw it (dates 'YYYY-MM-DD', times 'HH:MM:SS'). */
export interface MatchImage {
  id: number;
  data: string;
  ora: string;
  ora_fine: string | null;
  squadracasa: string;
  squadratrasferta: string;
  gruppo: string;
  campo: string;
  spogliatoio_gari: number | null;
  spogliatoio_ospiti: number | null;
  stato?: string | null;
  motivo_stato?: string | null;
  /** The kinds of 'rinviata' (migrations 014, 016): how every output reads the status (common/matches/meaning.ts). */
  data_da_definire?: boolean | null;
  data_originale?: string | null;
}

export interface ChangeRow {
  id: string;
  partita_id: number;
  gruppo: string;
  prima: MatchImage | null;
  dopo: MatchImage | null;
  created_at: Date;
}

export interface Recipient {
  gruppo_id: number;
  email: string;
  notifiche: NotificheScelta;
}

export interface JobRow {
  id: string;
  /**
   * 'designazione': a designation's invitation or cancellation (migration 019, dati a DesignationJobData);
   * 'convocazione': a family's call-up mail (migration 024, dati a CallupJobData, convocato_id its player's row).
   */
  tipo: 'modifiche' | 'riepilogo' | 'designazione' | 'convocazione';
  gruppo: string;
  email: string;
  oggetto: string;
  testo: string;
  dati: { gruppoId: number; weekFrom?: string; weekTo?: string } | DesignationJobData | CallupJobData | null;
  tentativi: number;
  convocato_id: number | null;
}

/** Only one process groups changes at a time (the rows are also locked SKIP LOCKED). */
export async function tryGroupingLock(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('notifiche_raggruppa')) AS ok`);
  return rows[0].ok;
}

/** Categories whose oldest ungrouped change is older than the grouping window. */
export async function dueCategories(db: Db, now: Date, delaySeconds: number): Promise<string[]> {
  const { rows } = await db.query<{ gruppo: string }>(
    `SELECT gruppo FROM public.notifiche_modifiche WHERE raggruppata_il IS NULL
      GROUP BY gruppo HAVING min(created_at) <= $1::timestamptz - make_interval(secs => $2) ORDER BY gruppo`,
    [now, delaySeconds],
  );
  return rows.map((r) => r.gruppo);
}

export async function takeChanges(db: Db, gruppo: string): Promise<ChangeRow[]> {
  const { rows } = await db.query<ChangeRow>(
    `SELECT id, partita_id, gruppo, prima, dopo, created_at FROM public.notifiche_modifiche
      WHERE raggruppata_il IS NULL AND gruppo = $1 ORDER BY id FOR UPDATE SKIP LOCKED`,
    [gruppo],
  );
  return rows;
}

export async function markGrouped(db: Db, ids: string[], now: Date): Promise<void> {
  await db.query(`UPDATE public.notifiche_modifiche SET raggruppata_il = $2 WHERE id = ANY($1::bigint[])`, [ids, now]);
}

/** The referents of a category with an email, and their choice. */
export async function recipients(db: Db, gruppo: string, scelta: NotificheScelta): Promise<Recipient[]> {
  const { rows } = await db.query<Recipient>(
    `SELECT DISTINCT ON (r.email) g.id AS gruppo_id, r.email, r.notifiche
       FROM public.gruppi g JOIN public.gruppi_referenti r ON r.gruppo_id = g.id
      WHERE g.name = $1 AND r.email IS NOT NULL AND r.notifiche = $2 ORDER BY r.email`,
    [gruppo, scelta],
  );
  return rows;
}

export async function insertJob(
  db: Db,
  job: { tipo: 'modifiche' | 'riepilogo'; chiave?: string; gruppo: string; email: string; oggetto: string; testo: string; dati: { gruppoId: number; weekFrom?: string; weekTo?: string } },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO public.notifiche_job (tipo, chiave, gruppo, email, oggetto, testo, dati, prossimo_tentativo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (chiave) DO NOTHING`,
    [job.tipo, job.chiave ?? null, job.gruppo, job.email, job.oggetto, job.testo, JSON.stringify(job.dati), now],
  );
}

/** The next due job, locked until the transaction ends; another process skips it. */
export async function takeJob(db: Db, now: Date): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `SELECT id, tipo, gruppo, email, oggetto, testo, dati, tentativi, convocato_id FROM public.notifiche_job
      WHERE stato = 'in_coda' AND prossimo_tentativo <= $1 ORDER BY prossimo_tentativo, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [now],
  );
  return rows[0] ?? null;
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db.query(`UPDATE public.notifiche_job SET stato = 'inviata', tentativi = tentativi + 1, inviata_il = $2, ultimo_errore = NULL WHERE id = $1`, [id, now]);
}

export async function markRetry(db: Db, id: string, next: Date, error: string): Promise<void> {
  await db.query(`UPDATE public.notifiche_job SET tentativi = tentativi + 1, prossimo_tentativo = $2, ultimo_errore = $3 WHERE id = $1`, [id, next, error]);
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.query(`UPDATE public.notifiche_job SET stato = 'fallita', tentativi = tentativi + 1, ultimo_errore = $2 WHERE id = $1`, [id, error]);
}

/** The category's name when it has a referent with this email (the unsubscribe page's question), or null. */
export async function subscribedCategory(db: Db, gruppoId: number, email: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT g.name FROM public.gruppi g JOIN public.gruppi_referenti r ON r.gruppo_id = g.id WHERE g.id = $1 AND r.email = $2 LIMIT 1`,
    [gruppoId, email],
  );
  return rows[0]?.name ?? null;
}

/** Sets the choice of the category's referents with this email to 'nessuna'; the category's name, or null. */
export async function unsubscribe(db: Db, gruppoId: number, email: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    `UPDATE public.gruppi_referenti r SET notifiche = 'nessuna' FROM public.gruppi g
      WHERE g.id = r.gruppo_id AND g.id = $1 AND r.email = $2 RETURNING g.name`,
    [gruppoId, email],
  );
  return rows[0]?.name ?? null;
}

/** Matches of a category between two dates (the weekly digest). */
export async function matchesOfWeek(db: Db, gruppo: string, from: string, to: string): Promise<MatchImage[]> {
  const { rows } = await db.query<MatchImage>(
    `SELECT id, to_char(data, 'YYYY-MM-DD') AS data, to_char(ora, 'HH24:MI:SS') AS ora, to_char(ora_fine, 'HH24:MI:SS') AS ora_fine,
            squadracasa, squadratrasferta, gruppo, campo, spogliatoio_gari, spogliatoio_ospiti, stato, motivo_stato,
            data_da_definire, data_originale
       FROM public.partite WHERE gruppo = $1 AND data BETWEEN $2 AND $3 ORDER BY data, ora, id`,
    [gruppo, from, to],
  );
  return rows;
}

/** A player of the category whose certificate expired or expires soon: all the weekly digest says of them. */
export interface ExpiringCertificate {
  nome: string;
  cognome: string;
  /** The certificate's last day, 'YYYY-MM-DD'. */
  scadenza: string;
}

/**
 * The players of a category whose medical certificate expired or expires by `until` (docs/players.md, expiry
 * alerts), by expiry then surname: their name and the expiry date, nothing else of them. Read when the digest
 * is sent, so the queued job holds no child's name (an erased player is never mailed).
 */
export async function expiringCertificates(db: Db, gruppoId: number, until: string): Promise<ExpiringCertificate[]> {
  const { rows } = await db.query<ExpiringCertificate>(
    `SELECT p.nome, p.cognome, to_char(p.certificato_scadenza, 'YYYY-MM-DD') AS scadenza
       FROM public.giocatori p
      WHERE p.gruppo_id = $1 AND p.certificato_scadenza <= $2::date
      ORDER BY p.certificato_scadenza, p.cognome, p.nome, p.id`,
    [gruppoId, until],
  );
  return rows;
}

/**
 * Categories with 'settimanale' referents whose digest of the week starting `weekStart` has not
 * been made yet (no 'riepilogo' job keyed with that week and category): a week's digest is made
 * once per category, at the first pass from Monday 8:00 on, or later in the week when no process
 * ran then. A referent added after it starts with the next week.
 */
export async function digestCategories(db: Db, weekStart: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT DISTINCT g.name FROM public.gruppi g JOIN public.gruppi_referenti r ON r.gruppo_id = g.id
      WHERE r.email IS NOT NULL AND r.notifiche = 'settimanale'
        AND NOT EXISTS (SELECT 1 FROM public.notifiche_job j
                         WHERE j.tipo = 'riepilogo' AND j.chiave LIKE 'riepilogo:' || $1 || ':' || g.id || ':%')
      ORDER BY g.name`,
    [weekStart],
  );
  return rows.map((r) => r.name);
}
