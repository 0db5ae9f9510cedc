// SQL of the calendar feeds (issue 14): the matches of a feed's window with their SEQUENCE and
// LAST-MODIFIED (migration 008), and the cancellations of the last 30 days. Start and end
// instants are computed by PostgreSQL from the date, the local time and the club's timezone, so
// daylight-saving changes are its tz database's business, not ours.
import type { Partita } from '../../../common/partiteRead';
import type { Db } from '../../db/pool';

/**
 * A feed event: the match as read (common/partiteRead.ts) with its status always set ('annullata'
 * for a deleted match, issue 16), its iCalendar SEQUENCE and its instants (not data_da_definire,
 * migration 014: a feed does not show it).
 */
export interface FeedMatch extends Required<Omit<Partita, 'data_da_definire'>> {
  sequence: number;
  start_at: Date;
  /** null when the match has no end time (or one not after its start). */
  end_at: Date | null;
  updated_at: Date;
  /** Set for a deleted match (its cancellation). */
  deleted_at: Date | null;
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

const LIVE = `
  SELECT p.id, to_char(p.data, 'YYYY-MM-DD') AS data, to_char(p.ora, 'HH24:MI') AS ora, to_char(p.ora_fine, 'HH24:MI') AS ora_fine,
         p.squadracasa, p.squadratrasferta, p.gruppo, p.campo, p.is_house_match, p.spogliatoio_gari, p.spogliatoio_ospiti,
         p.terreno, p.tipo_gara, p.stato, p.motivo_stato, p.sequence, (p.data + p.ora) AT TIME ZONE $1 AS start_at,
         CASE WHEN p.ora_fine > p.ora THEN (p.data + p.ora_fine) AT TIME ZONE $1 END AS end_at,
         p.updated_at, NULL::timestamptz AS deleted_at
    FROM public.partite p`;

const CANCELLED = `
  SELECT c.id, to_char(c.data, 'YYYY-MM-DD'), to_char(c.ora, 'HH24:MI'), to_char(c.ora_fine, 'HH24:MI'),
         c.squadracasa, c.squadratrasferta, c.gruppo, c.campo, c.is_house_match, NULL::smallint, NULL::smallint,
         NULL::text, c.tipo_gara, 'annullata'::text, NULL::text, c.sequence, (c.data + c.ora) AT TIME ZONE $1,
         CASE WHEN c.ora_fine > c.ora THEN (c.data + c.ora_fine) AT TIME ZONE $1 END,
         c.deleted_at, c.deleted_at
    FROM public.partite_cancellate c`;

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
  const params: unknown[] = [q.timezone, q.from, q.cancelledSince];
  const live = ['p.data >= $2::date'];
  const cancelled = ['c.deleted_at >= $3', 'c.data >= $2::date'];
  if (q.gruppoId !== null) {
    params.push(q.gruppoId);
    live.push(`p.gruppo = (SELECT g.name FROM public.gruppi g WHERE g.id = $${params.length})`);
    cancelled.push(`c.gruppo_id = $${params.length}`);
  }
  if (q.homeOnly) {
    live.push('p.is_house_match');
    cancelled.push('c.is_house_match');
  }
  const { rows } = await db.query<FeedMatch>(
    `${LIVE} WHERE ${live.join(' AND ')}
     UNION ALL
     ${CANCELLED} WHERE ${cancelled.join(' AND ')}
     ORDER BY start_at, id`,
    params,
  );
  return rows;
}
