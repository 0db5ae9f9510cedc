import type { Db, Pool } from '../../db/pool';
import { withTransaction } from '../../db/pool';
import { MAX_DISTINTA_DEFAULT, type Gruppo, type GruppoInput, type Referente } from '../../../common/groups/rules';
import { arbitroSocietaDefault } from '../../../common/officials/rules';
import { sortGruppi } from '../../../common/groups/order';
import type { GruppoDeletePreview } from '../../../common/groups/delete-preview';

/** Data access of categories and their referents: plain SQL, always parameterised. */

const SELECT_GRUPPI = `
  SELECT g.id, g.name, g.created_at, g.arbitro_societa, g.anno_da, g.anno_a, g.max_distinta,
         COALESCE(
           (SELECT json_agg(json_build_object('nome', r.nome, 'cognome', r.cognome, 'telefono', r.telefono, 'email', r.email, 'notifiche', r.notifiche) ORDER BY r.position)
              FROM public.gruppi_referenti r WHERE r.gruppo_id = g.id),
           '[]'::json) AS components
    FROM public.gruppi g`;

interface GruppoRow {
  id: number;
  name: string;
  created_at: Date;
  arbitro_societa: boolean;
  anno_da: number | null;
  anno_a: number | null;
  max_distinta: number;
  components: Referente[];
}

const toGruppo = (row: GruppoRow): Gruppo => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  components: row.components,
  arbitroSocieta: row.arbitro_societa,
  annoDa: row.anno_da,
  annoA: row.anno_a,
  maxDistinta: row.max_distinta,
});

export async function listGruppi(db: Db): Promise<Gruppo[]> {
  const { rows } = await db.query<GruppoRow>(`${SELECT_GRUPPI} ORDER BY g.id`);
  // The one order of categories (common/groups/order.ts): by age, then alphabetical.
  return sortGruppi(rows.map(toGruppo), (g) => g.name);
}

export async function getGruppo(db: Db, id: number): Promise<Gruppo | null> {
  const { rows } = await db.query<GruppoRow>(`${SELECT_GRUPPI} WHERE g.id = $1`, [id]);
  return rows[0] ? toGruppo(rows[0]) : null;
}

async function insertReferenti(db: Db, gruppoId: number, referenti: readonly Referente[]): Promise<void> {
  // One row per referent; position keeps the order in which they were entered.
  for (const [position, r] of referenti.entries()) {
    await db.query(
      `INSERT INTO public.gruppi_referenti (gruppo_id, position, nome, cognome, telefono, email, notifiche) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [gruppoId, position, r.nome, r.cognome, r.telefono, r.email ?? null, r.notifiche ?? 'ogni_modifica'],
    );
  }
}

/** Work done in the write's transaction before it commits (the activity record of the change). */
export type InTransaction = (client: Db, after: Gruppo | null, before: Gruppo | null) => Promise<void>;

/** Creates a category with its referents in one transaction. Throws pg error 23505 on a duplicate name. */
export async function createGruppo(pool: Pool, input: GruppoInput, inTx?: InTransaction): Promise<Gruppo> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      'INSERT INTO public.gruppi (name, arbitro_societa, anno_da, anno_a, max_distinta) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [input.name, input.arbitroSocieta ?? arbitroSocietaDefault(input.name), input.annoDa ?? null, input.annoA ?? null, input.maxDistinta ?? MAX_DISTINTA_DEFAULT],
    );
    await insertReferenti(client, rows[0].id, input.components);
    const created = (await getGruppo(client, rows[0].id))!;
    await inTx?.(client, created, null);
    return created;
  });
}

/**
 * Renames a category (its matches follow through ON UPDATE CASCADE) and replaces its referents,
 * in one transaction. Null when no category has that id.
 */
export async function updateGruppo(pool: Pool, id: number, input: GruppoInput, inTx?: InTransaction): Promise<Gruppo | null> {
  return withTransaction(pool, async (client) => {
    // Locked first, so the state read as "before" is the one this update replaces.
    const { rowCount } = await client.query('SELECT 1 FROM public.gruppi WHERE id = $1 FOR UPDATE', [id]);
    if (!rowCount) return null;
    const before = await getGruppo(client, id);
    // An age or team-sheet field absent from the body stays as it is; null clears a birth year.
    await client.query(
      `UPDATE public.gruppi SET name = $2, arbitro_societa = COALESCE($3, arbitro_societa),
              anno_da = CASE WHEN $4 THEN $5::smallint ELSE anno_da END, anno_a = CASE WHEN $6 THEN $7::smallint ELSE anno_a END,
              max_distinta = COALESCE($8, max_distinta)
        WHERE id = $1`,
      [id, input.name, input.arbitroSocieta ?? null, input.annoDa !== undefined, input.annoDa ?? null, input.annoA !== undefined, input.annoA ?? null, input.maxDistinta ?? null],
    );
    await client.query('DELETE FROM public.gruppi_referenti WHERE gruppo_id = $1', [id]);
    await insertReferenti(client, id, input.components);
    const after = await getGruppo(client, id);
    await inTx?.(client, after, before);
    return after;
  });
}

/** Deletes a category and its referents. Null when no category has that id; pg error 23503 while matches still use it. */
export async function deleteGruppo(pool: Pool, id: number, inTx?: InTransaction): Promise<Gruppo | null> {
  return withTransaction(pool, async (client) => {
    const gruppo = await getGruppo(client, id);
    if (!gruppo) return null;
    await client.query('DELETE FROM public.gruppi WHERE id = $1', [id]);
    await inTx?.(client, null, gruppo);
    return gruppo;
  });
}

/**
 * What deleting the category would take with it (common/groups/delete-preview.ts): its matches (which
 * block the delete), referents and training series. Null when no category has that id.
 */
export async function deletePreview(db: Db, id: number): Promise<GruppoDeletePreview | null> {
  const { rows } = await db.query<GruppoDeletePreview>(
    `SELECT g.name,
            (SELECT count(*)::int FROM public.partite p WHERE p.gruppo = g.name) AS partite,
            (SELECT count(*)::int FROM public.gruppi_referenti r WHERE r.gruppo_id = g.id) AS referenti,
            (SELECT count(*)::int FROM public.giocatori x WHERE x.gruppo_id = g.id) AS giocatori,
            COALESCE((SELECT json_agg(json_build_object('giorno', a.giorno, 'oraInizio', to_char(a.ora_inizio, 'HH24:MI'),
                                                        'oraFine', to_char(a.ora_fine, 'HH24:MI'), 'campo', a.campo)
                                      ORDER BY a.giorno, a.ora_inizio, a.id)
                        FROM public.allenamenti a WHERE a.gruppo = g.name), '[]'::json) AS allenamenti
       FROM public.gruppi g WHERE g.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}
