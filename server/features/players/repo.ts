import type { Db } from '../../db/pool';
import type { Certificato, Contatto, Giocatore, GiocatoreInput } from '../../../common/players/rules';
import { compareGiocatori } from '../../../common/players/rules';
import { sortGruppi } from '../../../common/groups/order';
import type { AttivitaGiocatore, DaRimuovere } from '../../../common/players/types';
import type { ActivityType } from '../../../common/logs/constants';

/** Data access of the players (migration 023, docs/players.md): plain SQL, always parameterised. */

const SELECT_GIOCATORI = `
  SELECT p.id, p.nome, p.cognome, to_char(p.data_nascita, 'YYYY-MM-DD') AS data_nascita, p.gruppo_id, g.name AS gruppo,
         p.numero_tessera, p.certificato_tipo, to_char(p.certificato_scadenza, 'YYYY-MM-DD') AS certificato_scadenza,
         to_char(p.squalificato_fino, 'YYYY-MM-DD') AS squalificato_fino, p.contatti, p.note
    FROM public.giocatori p JOIN public.gruppi g ON g.id = p.gruppo_id`;

interface GiocatoreRow {
  id: number;
  nome: string;
  cognome: string;
  data_nascita: string;
  gruppo_id: number;
  gruppo: string;
  numero_tessera: string | null;
  certificato_tipo: Certificato['tipo'] | null;
  certificato_scadenza: string | null;
  squalificato_fino: string | null;
  contatti: Contatto[];
  note: string | null;
}

/** A player as read, with the id of its category (the access check reads it). */
export type GiocatoreLetto = Giocatore & { gruppoId: number };

const toGiocatore = (r: GiocatoreRow): GiocatoreLetto => ({
  id: r.id,
  nome: r.nome,
  cognome: r.cognome,
  dataNascita: r.data_nascita,
  gruppo: r.gruppo,
  numeroTessera: r.numero_tessera,
  certificato: r.certificato_tipo && r.certificato_scadenza ? { tipo: r.certificato_tipo, scadenza: r.certificato_scadenza } : null,
  squalificatoFino: r.squalificato_fino,
  contatti: r.contatti.map((c) => ({ nome: c.nome, relazione: c.relazione ?? null, email: c.email ?? null, telefono: c.telefono ?? null })),
  note: r.note,
  gruppoId: r.gruppo_id,
});

/** The one order of players: by category (common/groups/order.ts), then surname and name. */
function sortRoster<T extends { id: number; nome: string; cognome: string; gruppo: string }>(list: T[]): T[] {
  const rank = new Map(sortGruppi([...new Set(list.map((p) => p.gruppo))]).map((name, i) => [name, i]));
  return list.sort((a, b) => rank.get(a.gruppo)! - rank.get(b.gruppo)! || compareGiocatori(a, b) || a.id - b.id);
}

export interface ListFilter {
  /** The categories the caller may see (null: every one). */
  scope: number[] | null;
  /** One category. */
  gruppoId?: number;
  /** Only players whose certificate is missing or expires on this day or before. */
  scadenzaEntro?: string;
}

export async function listGiocatori(db: Db, f: ListFilter): Promise<GiocatoreLetto[]> {
  const { rows } = await db.query<GiocatoreRow>(
    `${SELECT_GIOCATORI}
      WHERE ($1::int[] IS NULL OR p.gruppo_id = ANY($1::int[]))
        AND ($2::int IS NULL OR p.gruppo_id = $2)
        AND ($3::date IS NULL OR p.certificato_scadenza IS NULL OR p.certificato_scadenza <= $3::date)`,
    [f.scope, f.gruppoId ?? null, f.scadenzaEntro ?? null],
  );
  return sortRoster(rows.map(toGiocatore));
}

/** What the expiry panel reads of the players the caller may see (no guardians, no notes). */
export async function listForPanel(db: Db, scope: number[] | null): Promise<Array<Pick<Giocatore, 'id' | 'nome' | 'cognome' | 'gruppo' | 'dataNascita' | 'certificato' | 'numeroTessera'>>> {
  const { rows } = await db.query<Pick<GiocatoreRow, 'id' | 'nome' | 'cognome' | 'gruppo' | 'data_nascita' | 'numero_tessera' | 'certificato_tipo' | 'certificato_scadenza'>>(
    `SELECT p.id, p.nome, p.cognome, g.name AS gruppo, to_char(p.data_nascita, 'YYYY-MM-DD') AS data_nascita, p.numero_tessera,
            p.certificato_tipo, to_char(p.certificato_scadenza, 'YYYY-MM-DD') AS certificato_scadenza
       FROM public.giocatori p JOIN public.gruppi g ON g.id = p.gruppo_id
      WHERE $1::int[] IS NULL OR p.gruppo_id = ANY($1::int[])`,
    [scope],
  );
  return rows.map((r) => ({
    id: r.id,
    nome: r.nome,
    cognome: r.cognome,
    gruppo: r.gruppo,
    dataNascita: r.data_nascita,
    numeroTessera: r.numero_tessera,
    certificato: r.certificato_tipo && r.certificato_scadenza ? { tipo: r.certificato_tipo, scadenza: r.certificato_scadenza } : null,
  }));
}

export async function getGiocatore(db: Db, id: number, lock = false): Promise<GiocatoreLetto | null> {
  const { rows } = await db.query<GiocatoreRow>(`${SELECT_GIOCATORI} WHERE p.id = $1${lock ? ' FOR UPDATE OF p' : ''}`, [id]);
  return rows[0] ? toGiocatore(rows[0]) : null;
}

/** A category by name (any case): its id and its name as stored; null when none has it. */
export async function gruppoByName(db: Db, name: string): Promise<{ id: number; name: string } | null> {
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM public.gruppi WHERE lower(name) = lower($1)', [name]);
  return rows[0] ?? null;
}

/** The names of the categories of a scope (null: every category), in name order: the ones a user follows. */
export async function gruppiNames(db: Db, scope: number[] | null): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM public.gruppi WHERE $1::int[] IS NULL OR id = ANY($1) ORDER BY name', [scope]);
  return rows.map((r) => r.name);
}

/** Every category: name (lower case) -> id and stored name. */
export async function gruppiByLowerName(db: Db): Promise<Map<string, { id: number; name: string }>> {
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM public.gruppi');
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

const values = (p: GiocatoreInput, gruppoId: number) => [
  p.nome,
  p.cognome,
  p.dataNascita,
  gruppoId,
  p.numeroTessera,
  p.certificato?.tipo ?? null,
  p.certificato?.scadenza ?? null,
  p.squalificatoFino,
  JSON.stringify(p.contatti),
  p.note,
];

export async function insertGiocatore(db: Db, p: GiocatoreInput, gruppoId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id, numero_tessera, certificato_tipo, certificato_scadenza,
       squalificato_fino, contatti, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10) RETURNING id`,
    values(p, gruppoId),
  );
  return rows[0].id;
}

/** Many players in one INSERT (an import), in order; returns their ids in that order. */
export async function insertMany(db: Db, players: Array<{ p: GiocatoreInput; gruppoId: number }>): Promise<number[]> {
  const col = (i: number) => players.map(({ p, gruppoId }) => values(p, gruppoId)[i]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id, numero_tessera, certificato_tipo, certificato_scadenza,
       squalificato_fino, contatti, note)
     SELECT a, b, c, d, e, f, g, h, i::jsonb, j
       FROM unnest($1::text[], $2::text[], $3::date[], $4::int[], $5::text[], $6::text[], $7::date[], $8::date[], $9::text[], $10::text[])
            WITH ORDINALITY AS r(a, b, c, d, e, f, g, h, i, j, n)
      ORDER BY n
     RETURNING id`,
    Array.from({ length: 10 }, (_, i) => col(i)),
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function updateGiocatore(db: Db, id: number, p: GiocatoreInput, gruppoId: number): Promise<void> {
  await db.query(
    `UPDATE public.giocatori SET nome = $2, cognome = $3, data_nascita = $4, gruppo_id = $5, numero_tessera = $6, certificato_tipo = $7,
            certificato_scadenza = $8, squalificato_fino = $9, contatti = $10::jsonb, note = $11, updated_at = now()
      WHERE id = $1`,
    [id, ...values(p, gruppoId)],
  );
}

/** Erases a player: the row goes, and with it everything the database held of them (docs/players.md, erasure). */
export async function deleteGiocatore(db: Db, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM public.giocatori WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

/** The activity records about a player (their context names the player's id), oldest first. */
export async function activityOf(db: Db, id: number): Promise<AttivitaGiocatore[]> {
  const { rows } = await db.query<{ creatoIl: string; tipo: ActivityType; messaggio: string; utente: string | null }>(
    `SELECT to_json(created_at)#>>'{}' AS "creatoIl", activity_type AS tipo, activity_message AS messaggio, user_email AS utente
       FROM public.activity_logs
      WHERE context->'giocatore' = to_jsonb($1::int) OR context->'giocatori' @> jsonb_build_array($1::int)
      ORDER BY created_at, id`,
    [id],
  );
  return rows;
}

/** When the player's row was created and last changed (instants, ISO). */
export async function timesOf(db: Db, id: number): Promise<{ creatoIl: string; aggiornatoIl: string } | null> {
  const { rows } = await db.query<{ creatoIl: string; aggiornatoIl: string }>(
    `SELECT to_json(created_at)#>>'{}' AS "creatoIl", to_json(updated_at)#>>'{}' AS "aggiornatoIl" FROM public.giocatori WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * 'Da rimuovere' on `oggi` (docs/players.md): the players of a category that is not active (no match
 * dated and no training series running in the last 12 months or later), and the players whose
 * record has not changed for 12 months and whose certificate is missing or expired. By category,
 * surname and name.
 */
export async function daRimuovere(db: Db, oggi: string): Promise<DaRimuovere[]> {
  const { rows } = await db.query<DaRimuovere>(
    `WITH attive AS (
       SELECT g.id FROM public.gruppi g
        WHERE EXISTS (SELECT 1 FROM public.partite m WHERE m.gruppo = g.name AND m.data >= ($1::date - interval '12 months')::date)
           OR EXISTS (SELECT 1 FROM public.allenamenti a WHERE a.gruppo = g.name AND a.al >= ($1::date - interval '12 months')::date)
     )
     SELECT p.id, p.nome, p.cognome, g.name AS gruppo,
            CASE WHEN p.gruppo_id IN (SELECT id FROM attive) THEN 'non_aggiornato' ELSE 'categoria_inattiva' END AS motivo,
            to_json(p.updated_at)#>>'{}' AS "aggiornatoIl"
       FROM public.giocatori p JOIN public.gruppi g ON g.id = p.gruppo_id
      WHERE p.gruppo_id NOT IN (SELECT id FROM attive)
         OR (p.updated_at < ($1::date - interval '12 months') AND (p.certificato_scadenza IS NULL OR p.certificato_scadenza < $1::date))`,
    [oggi],
  );
  return sortRoster(rows);
}

/**
 * The planned matches of `dal`..`al` (in programma, or moved to a new date: common/matches/meaning.ts)
 * of the categories in `scope` (null: every one), with their category's id.
 */
export async function plannedMatches(db: Db, dal: string, al: string, scope: number[] | null): Promise<Array<{ id: number; data: string; gruppoId: number }>> {
  const { rows } = await db.query<{ id: number; data: string; gruppoId: number }>(
    `SELECT m.id, to_char(m.data, 'YYYY-MM-DD') AS data, g.id AS "gruppoId"
       FROM public.partite m JOIN public.gruppi g ON g.name = m.gruppo
      WHERE m.data BETWEEN $1::date AND $2::date
        AND (m.stato = 'programmata' OR (m.stato = 'rinviata' AND m.data_da_definire IS FALSE))
        AND ($3::int[] IS NULL OR g.id = ANY($3::int[]))`,
    [dal, al, scope],
  );
  return rows;
}

/** What the certificate rule reads of the players of these categories: birth date and certificate, nothing else. */
export async function certificatesOf(db: Db, gruppoIds: number[]): Promise<Array<Pick<Giocatore, 'id' | 'dataNascita' | 'certificato'> & { gruppoId: number }>> {
  const { rows } = await db.query<Pick<GiocatoreRow, 'id' | 'gruppo_id' | 'data_nascita' | 'certificato_tipo' | 'certificato_scadenza'>>(
    `SELECT p.id, p.gruppo_id, to_char(p.data_nascita, 'YYYY-MM-DD') AS data_nascita,
            p.certificato_tipo, to_char(p.certificato_scadenza, 'YYYY-MM-DD') AS certificato_scadenza
       FROM public.giocatori p
      WHERE p.gruppo_id = ANY($1::int[])`,
    [gruppoIds],
  );
  return rows.map((r) => ({
    id: r.id,
    gruppoId: r.gruppo_id,
    dataNascita: r.data_nascita,
    certificato: r.certificato_tipo && r.certificato_scadenza ? { tipo: r.certificato_tipo, scadenza: r.certificato_scadenza } : null,
  }));
}
