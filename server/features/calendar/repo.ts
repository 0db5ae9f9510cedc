// SQL of the calendar feeds: the matches of a feed's window with their SEQUENCE and
// LAST-MODIFIED (migration 008), and the cancellations of the last 30 days. Start and end
// instants are computed from the date, the local times and the club's timezone by
// common/matches/times.ts, not by PostgreSQL: its `AT TIME ZONE` reads the autumn hour
// (02:30 of the last Sunday of October in Rome) as its SECOND occurrence, where RFC 5545 3.3.5
// and every other part of the app take the first.
import { matchInstants } from '../../services/designations/ics';
import type { Db } from '../../db/pool';
import { partitaColumns, type PartitaRow } from '../../services/matches/columns';
import { ALLENAMENTO_COLUMNS } from '../../services/trainings/columns';
import { seriesInCalendar } from '../../services/closures/closures';
import type { Allenamento } from '../../../common/trainings/rules';
import type { Ruolo } from '../../../common/officials/rules';

/**
 * A feed event: the match as read (common/matches/read.ts) with its status always set ('annullata'
 * for a deleted match) and what its reading needs (data_da_definire, data_originale:
 * common/matches/meaning.ts), its iCalendar SEQUENCE and its instants.
 */
export interface FeedMatch extends PartitaRow {
  sequence: number;
  start_at: Date;
  /**
   * The end at ora_fine on the same day; null when the match has no end time (the feed then uses
   * the category's length). An end not after the start (only rows saved before the end had to follow the start,
   * e.g. 23:30-00:45) is the category's length, cut at midnight: the event stays on its day.
   */
  end_at: Date | null;
  updated_at: Date;
  /** Set for a deleted match (its cancellation). */
  deleted_at: Date | null;
  /** A sent call-up's ritrovo (docs/callups.md): minutes before the kick-off and the place (null: the pitch); null without one. */
  ritrovo_anticipo?: number | null;
  ritrovo_luogo?: string | null;
}

export interface FeedQuery {
  /** A category's id, or null for the whole club. */
  gruppoId: number | null;
  homeOnly: boolean;
  /** First day of the window (yyyy-mm-dd): matches on or after it. */
  from: string;
  /** Cancellations made on or after this instant are shown. */
  cancelledSince: Date;
  timezone: string;
}

type FeedRow = Omit<FeedMatch, 'start_at' | 'end_at'>;

// A sent call-up's ritrovo is part of the event (its description): its last change is the event's too.
const LIVE = `
  SELECT ${partitaColumns({ alias: 'p', text: true })},
         p.sequence, GREATEST(p.updated_at, c.updated_at) AS updated_at, NULL::timestamptz AS deleted_at,
         c.ritrovo_anticipo, c.ritrovo_luogo
    FROM public.partite p
    LEFT JOIN public.convocazioni c ON c.partita_id = p.id AND c.inviata_il IS NOT NULL`;

// A deleted match, column by column as LIVE lists them (UNION ALL matches by position, in table order).
const CANCELLED = `
  SELECT c.id, to_char(c.data, 'YYYY-MM-DD'), to_char(c.ora, 'HH24:MI'), to_char(c.ora_fine, 'HH24:MI'),
         c.squadracasa, c.squadratrasferta, c.gruppo, c.campo, c.is_house_match, NULL::smallint, NULL::smallint,
         NULL::text, c.tipo_gara, 'annullata'::text, NULL::text, false, NULL::text,
         c.sequence, c.deleted_at, c.deleted_at, NULL::smallint, NULL::text
    FROM public.partite_cancellate c`;

/** The event's instants in the club's timezone (server/services/designations/ics.ts matchInstants: an ambiguous time is its first occurrence). */
export function withInstants<R extends Pick<FeedRow, 'data' | 'ora' | 'ora_fine' | 'gruppo'>>(row: R, timezone: string): R & { start_at: Date; end_at: Date | null } {
  const { start, end } = matchInstants(row, timezone);
  return { ...row, start_at: start, end_at: end };
}

/** The category's current name, or undefined when no category has that id. */
export async function findGruppoName(db: Db, id: number): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM public.gruppi WHERE id = $1', [id]);
  return rows[0]?.name;
}

/**
 * The feed's events in start order: live matches from `from` on, then (same order) the matches
 * deleted since `cancelledSince`. A category's matches are found through the category's id
 * (a join on the current name), so a rename keeps them in its feed.
 */
export async function listFeed(db: Db, q: FeedQuery): Promise<FeedMatch[]> {
  const params: unknown[] = [q.from, q.cancelledSince];
  const live = ['p.data >= $1::date'];
  const cancelled = ['c.deleted_at >= $2', 'c.data >= $1::date'];
  if (q.gruppoId !== null) {
    params.push(q.gruppoId);
    live.push(`p.gruppo = (SELECT g.name FROM public.gruppi g WHERE g.id = $${params.length})`);
    cancelled.push(`c.gruppo_id = $${params.length}`);
  }
  if (q.homeOnly) {
    live.push('p.is_house_match');
    cancelled.push('c.is_house_match');
  }
  // The local date and time order is the instants' order (a time read as its first occurrence never goes back).
  const { rows } = await db.query<FeedRow>(
    `${LIVE} WHERE ${live.join(' AND ')}
     UNION ALL
     ${CANCELLED} WHERE ${cancelled.join(' AND ')}
     ORDER BY data, ora, id`,
    params,
  );
  return rows.map((r) => withInstants(r, q.timezone));
}

/** A training series of a feed (docs/trainings.md) with its iCalendar SEQUENCE and LAST-MODIFIED (migration 017). */
export interface FeedTraining extends Allenamento {
  sequence: number;
  updated_at: Date;
}

/**
 * The training series of a feed (`?allenamenti=1`): the category's (through its id, so a rename
 * keeps them) or every category's, those still valid on or after `from` (the window's first day),
 * by category, weekday, time, the club's closures among their skipped dates.
 */
export async function listFeedTrainings(db: Db, q: { gruppoId: number | null; from: string }): Promise<FeedTraining[]> {
  const params: unknown[] = [q.from];
  const where = ['a.al >= $1::date'];
  if (q.gruppoId !== null) {
    params.push(q.gruppoId);
    where.push(`a.gruppo = (SELECT g.name FROM public.gruppi g WHERE g.id = $${params.length})`);
  }
  const { rows } = await db.query<FeedTraining>(
    `SELECT ${ALLENAMENTO_COLUMNS}, sequence, updated_at FROM public.allenamenti a WHERE ${where.join(' AND ')} ORDER BY gruppo, giorno, ora_inizio, id`,
    params,
  );
  // The club's closures are skipped dates too (an EXDATE each): server/services/closures/closures.ts.
  return seriesInCalendar(db, rows);
}

/** An official of a private feed (docs/calendar.md): found by the unguessable token of their feed. */
export async function findDirigenteByToken(db: Db, token: string): Promise<{ id: number; nome: string; cognome: string } | undefined> {
  const { rows } = await db.query<{ id: number; nome: string; cognome: string }>('SELECT id, nome, cognome FROM public.dirigenti WHERE calendar_token = $1', [token]);
  return rows[0];
}

/**
 * The iCalendar SEQUENCE of a designation (migration 019): it grows when the role changes person
 * (designazioni.sequence), when the match changes (partite.sequence) and with every mail sent for
 * the role (designazioni_invii), so the private feed and the mails agree and never go back.
 * Needs `d` (designazioni), `p` (partite) and `i` (designazioni_invii, LEFT JOINed).
 */
export const DESIGNATION_SEQUENCE_SQL = 'GREATEST(d.sequence + p.sequence, COALESCE(i.sequence, 0))';

/** A designation of a feed: its match as read, the role, SEQUENCE and LAST-MODIFIED. */
export interface FeedDesignation extends FeedMatch {
  ruolo: Ruolo;
}

/** The person's designations of matches from `from` (yyyy-mm-dd) on, by date and time. */
export async function listDesignationsOf(db: Db, q: { dirigenteId: number; from: string; timezone: string }): Promise<FeedDesignation[]> {
  const { rows } = await db.query<Omit<FeedDesignation, 'start_at' | 'end_at'>>(
    `SELECT ${partitaColumns({ alias: 'p', text: true })}, d.ruolo, ${DESIGNATION_SEQUENCE_SQL} AS sequence,
            GREATEST(d.updated_at, p.updated_at) AS updated_at, NULL::timestamptz AS deleted_at
       FROM public.designazioni d
       JOIN public.partite p ON p.id = d.partita_id
       LEFT JOIN public.designazioni_invii i ON i.partita_id = d.partita_id AND i.ruolo = d.ruolo
      WHERE d.dirigente_id = $1 AND p.data >= $2::date
      ORDER BY p.data, p.ora, p.id, d.ruolo`,
    [q.dirigenteId, q.from],
  );
  return rows.map((r) => withInstants(r, q.timezone));
}
