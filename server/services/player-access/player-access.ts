import type { Db } from '../../db/pool';
import type { Role } from '../../../common/users/roles';
import type { GruppiSeguiti } from '../../../common/players/rules';

/**
 * Who may see a child's data (migration 023, docs/players.md 'Who sees what'): the categories each
 * user follows. Administrators see every player; editors and readers the players of the categories
 * they follow, one by one (utenti_gruppi) or all of them (utenti_gruppi_tutti). The players feature
 * filters every read and write with it; the users feature shows and changes the ties.
 */

/** The categories whose players a user may see: every one, or these ids. */
export type Scope = { tutte: true } | { tutte: false; gruppi: ReadonlySet<number> };

export const scopeIncludes = (scope: Scope, gruppoId: number) => scope.tutte || scope.gruppi.has(gruppoId);

/** The ids of a scope for an SQL filter `($1::int[] IS NULL OR gruppo_id = ANY($1))`: null for every category. */
export const scopeIds = (scope: Scope): number[] | null => (scope.tutte ? null : [...scope.gruppi]);

/** The scope of a signed-in user, read now (a tie changed a moment ago counts at once). */
export async function scopeOf(db: Db, user: { id: string; role: Role }): Promise<Scope> {
  if (user.role === 'admin') return { tutte: true };
  const { rows } = await db.query<{ tutte: boolean; gruppi: number[] }>(
    `SELECT EXISTS (SELECT 1 FROM public.utenti_gruppi_tutti t WHERE t.user_id = $1) AS tutte,
            COALESCE((SELECT array_agg(g.gruppo_id) FROM public.utenti_gruppi g WHERE g.user_id = $1), '{}') AS gruppi`,
    [user.id],
  );
  return rows[0].tutte ? { tutte: true } : { tutte: false, gruppi: new Set(rows[0].gruppi) };
}

/**
 * The SQL of a user's ties as the users answers carry them (`gruppiSeguiti`), for a row whose user id
 * is `userIdSql`: `{ tutte, gruppi: [names, in name order] }`.
 */
export const gruppiSeguitiSql = (userIdSql: string) => `json_build_object(
    'tutte', EXISTS (SELECT 1 FROM public.utenti_gruppi_tutti t WHERE t.user_id = ${userIdSql}),
    'gruppi', COALESCE((SELECT json_agg(g.name ORDER BY g.name) FROM public.utenti_gruppi ug JOIN public.gruppi g ON g.id = ug.gruppo_id
                         WHERE ug.user_id = ${userIdSql}), '[]'::json))`;

/** A user's ties as stored. */
export async function readTies(db: Db, userId: string): Promise<GruppiSeguiti> {
  const { rows } = await db.query<{ s: GruppiSeguiti }>(`SELECT ${gruppiSeguitiSql('$1::uuid')} AS s`, [userId]);
  return rows[0].s;
}

/**
 * Replaces a user's ties (in the caller's transaction): every category, or the categories of these
 * ids. The ties of an administrator are kept too (they matter again if the role goes down).
 */
export async function writeTies(db: Db, userId: string, ties: { tutte: true } | { tutte: false; gruppoIds: number[] }): Promise<void> {
  await db.query('DELETE FROM public.utenti_gruppi WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM public.utenti_gruppi_tutti WHERE user_id = $1', [userId]);
  if (ties.tutte) await db.query('INSERT INTO public.utenti_gruppi_tutti (user_id) VALUES ($1)', [userId]);
  else if (ties.gruppoIds.length)
    await db.query('INSERT INTO public.utenti_gruppi (user_id, gruppo_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [userId, ties.gruppoIds]);
}

/** The ids of the categories with these names (any case), and the names that name none. */
export async function gruppiByName(db: Db, names: readonly string[]): Promise<{ ids: Map<string, { id: number; name: string }>; unknown: string[] }> {
  const { rows } = await db.query<{ id: number; name: string; asked: string }>(
    `SELECT g.id, g.name, n.asked FROM unnest($1::text[]) AS n(asked) JOIN public.gruppi g ON lower(g.name) = lower(n.asked)`,
    [names],
  );
  const ids = new Map(rows.map((r) => [r.asked, { id: r.id, name: r.name }]));
  return { ids, unknown: names.filter((n) => !ids.has(n)) };
}
