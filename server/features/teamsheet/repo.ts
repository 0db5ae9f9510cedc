// Data access of the team sheet (migration 026, docs/teamsheet.md): plain SQL, always parameterised.
import type { Db } from '../../db/pool';
import type { Certificato } from '../../../common/players/rules';
import type { Qualifica } from '../../../common/officials/rules';
import type { RigaDistinta, RuoloStaff } from '../../../common/teamsheet/rules';
import type { Convocazione, DistintaDelGiorno, StampaDistinta } from '../../../common/teamsheet/types';
import type { TipoGara } from '../../../common/matches/read';

/** A match as the sheet reads it, with its category's ages and limit. */
export interface PartitaDistinta {
  id: number;
  data: string;
  /** 'HH:MM'. */
  ora: string;
  squadracasa: string;
  squadratrasferta: string;
  gruppo: string;
  campo: string;
  casa: boolean;
  tipoGara: TipoGara | null;
  dataDaDefinire: boolean;
  gruppoId: number;
  annoDa: number | null;
  annoA: number | null;
  maxDistinta: number;
}

const PARTITA_COLUMNS = `p.id, to_char(p.data, 'YYYY-MM-DD') AS data, to_char(p.ora, 'HH24:MI') AS ora, p.squadracasa, p.squadratrasferta, p.gruppo, p.campo,
       p.is_house_match AS casa, p.tipo_gara AS "tipoGara", p.data_da_definire AS "dataDaDefinire",
       g.id AS "gruppoId", g.anno_da AS "annoDa", g.anno_a AS "annoA", g.max_distinta AS "maxDistinta"`;

/** The match `id` with its category; `lock` holds the row against changes (FOR SHARE) until the transaction ends. */
export async function partitaOf(db: Db, id: number, lock = false): Promise<PartitaDistinta | null> {
  const { rows } = await db.query<PartitaDistinta>(
    `SELECT ${PARTITA_COLUMNS} FROM public.partite p JOIN public.gruppi g ON g.name = p.gruppo WHERE p.id = $1${lock ? ' FOR SHARE OF p' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** An official as the sheet reads them. */
export interface PersonaLetta {
  id: number;
  nome: string;
  cognome: string;
  numeroTessera: string | null;
  qualifiche: Qualifica[];
  attivo: boolean;
}

/** A player as the sheet reads them (nothing of their contacts or notes). */
export interface GiocatoreLetto {
  id: number;
  nome: string;
  cognome: string;
  dataNascita: string;
  gruppoId: number;
  gruppo: string;
  numeroTessera: string | null;
  certificato: Certificato | null;
  squalificatoFino: string | null;
}

/** A sheet as stored: whether it was saved, its lines in order, its staff, its prints. */
export interface DistintaSalvata {
  salvata: boolean;
  aggiornataIl: string | null;
  righe: RigaDistinta[];
  /** The designated accompanying official and referee's attendant, then the sheet's coach and others, in order. */
  staff: Array<PersonaLetta & { ruolo: RuoloStaff }>;
  allenatore: number | null;
  altri: number[];
  stampe: number;
}

/** Everything a sheet is made of: the match, the sheet as stored, the players it may hold, the call-up. */
export interface LetturaDistinta {
  partita: PartitaDistinta;
  salvata: DistintaSalvata;
  /** The category's roster, the sheet's players and the called ones, by id. */
  giocatori: Map<number, GiocatoreLetto>;
  /** Each called player's answer ('attesa': none yet); null without a call-up. */
  convocazione: Map<number, Convocazione> | null;
}

/** The read of a sheet: the match, the sheet as stored, its staff, its print count, the call-up's answers and the players it may hold. */
const LETTURA_SQL = `
  WITH m AS (SELECT ${PARTITA_COLUMNS} FROM public.partite p JOIN public.gruppi g ON g.name = p.gruppo WHERE p.id = $1)
  SELECT row_to_json(m) AS partita,
         (SELECT to_json(d.updated_at)#>>'{}' FROM public.distinte d WHERE d.partita_id = $1) AS aggiornata_il,
         COALESCE((SELECT json_agg(json_build_object('id', r.giocatore_id, 'numero', r.numero, 'capitano', r.capitano, 'vice', r.vice) ORDER BY r.posizione)
                     FROM public.distinte_giocatori r WHERE r.partita_id = $1), '[]') AS righe,
         COALESCE((SELECT json_agg(json_build_object('ruolo', x.ruolo, 'id', d.id, 'nome', d.nome, 'cognome', d.cognome, 'numeroTessera', d.numero_tessera,
                                                     'qualifiche', d.qualifiche, 'attivo', d.attivo) ORDER BY x.k, x.posizione)
                     FROM (SELECT 0 AS k, CASE s.ruolo WHEN 'accompagnatore' THEN 0 ELSE 1 END AS posizione, s.ruolo, s.dirigente_id
                             FROM public.designazioni s WHERE s.partita_id = $1 AND s.ruolo IN ('accompagnatore', 'addettoArbitro')
                           UNION ALL
                           SELECT 1, s.posizione, s.ruolo, s.dirigente_id FROM public.distinte_staff s WHERE s.partita_id = $1) x
                     JOIN public.dirigenti d ON d.id = x.dirigente_id), '[]') AS staff,
         (SELECT count(*)::int FROM public.distinte_stampe t WHERE t.partita_id = $1) AS stampe,
         (SELECT json_agg(json_build_array(c.giocatore_id, c.risposta)) FROM public.convocazioni_giocatori c WHERE c.partita_id = $1) AS chiamati,
         COALESCE((SELECT json_agg(json_build_object('id', p.id, 'nome', p.nome, 'cognome', p.cognome, 'dataNascita', to_char(p.data_nascita, 'YYYY-MM-DD'),
                                                     'gruppoId', p.gruppo_id, 'gruppo', g.name, 'numeroTessera', p.numero_tessera,
                                                     'tipo', p.certificato_tipo, 'scadenza', to_char(p.certificato_scadenza, 'YYYY-MM-DD'),
                                                     'squalificatoFino', to_char(p.squalificato_fino, 'YYYY-MM-DD')))
                     FROM public.giocatori p JOIN public.gruppi g ON g.id = p.gruppo_id
                    WHERE p.gruppo_id = m."gruppoId"
                       OR p.id IN (SELECT r.giocatore_id FROM public.distinte_giocatori r WHERE r.partita_id = $1)
                       OR p.id IN (SELECT c.giocatore_id FROM public.convocazioni_giocatori c WHERE c.partita_id = $1)), '[]') AS giocatori
    FROM m`;

/**
 * A match's sheet in one round trip (every GET reads it): the match and its category, the sheet as
 * stored with its staff (the designated accompanying official and referee's attendant first), the
 * players it may hold (the roster, the sheet's, the called ones) and the call-up's answers. Null for
 * no such match. The one place the sheet reads the call-up (docs/teamsheet.md, the order of the players).
 */
export async function letturaDistinta(db: Db, partitaId: number): Promise<LetturaDistinta | null> {
  type Row = {
    partita: PartitaDistinta;
    aggiornata_il: string | null;
    righe: RigaDistinta[];
    staff: Array<PersonaLetta & { ruolo: RuoloStaff }>;
    stampe: number;
    chiamati: Array<[number, 'si' | 'no' | null]> | null;
    giocatori: Array<Omit<GiocatoreLetto, 'certificato'> & { tipo: Certificato['tipo'] | null; scadenza: string | null }>;
  };
  const r = (await db.query<Row>({ name: 'distinta-lettura', text: LETTURA_SQL, values: [partitaId] })).rows[0];
  if (!r) return null;
  return {
    partita: r.partita,
    salvata: {
      salvata: r.aggiornata_il !== null,
      aggiornataIl: r.aggiornata_il,
      righe: r.righe,
      staff: r.staff,
      allenatore: r.staff.find((s) => s.ruolo === 'allenatore')?.id ?? null,
      altri: r.staff.filter((s) => s.ruolo === 'altro').map((s) => s.id),
      stampe: r.stampe,
    },
    giocatori: new Map(r.giocatori.map(({ tipo, scadenza, ...p }) => [p.id, { ...p, certificato: tipo && scadenza ? { tipo, scadenza } : null }])),
    convocazione: r.chiamati && r.chiamati.length > 0 ? new Map(r.chiamati.map(([id, risposta]) => [id, risposta ?? 'attesa'])) : null,
  };
}

/** The players of `ids` (of any category), by id. */
export async function giocatoriOf(db: Db, ids: readonly number[]): Promise<Map<number, GiocatoreLetto>> {
  const { rows } = await db.query<GiocatoreLetto & { tipo: Certificato['tipo'] | null; scadenza: string | null }>(
    `SELECT p.id, p.nome, p.cognome, to_char(p.data_nascita, 'YYYY-MM-DD') AS "dataNascita", p.gruppo_id AS "gruppoId", g.name AS gruppo,
            p.numero_tessera AS "numeroTessera", p.certificato_tipo AS tipo, to_char(p.certificato_scadenza, 'YYYY-MM-DD') AS scadenza,
            to_char(p.squalificato_fino, 'YYYY-MM-DD') AS "squalificatoFino"
       FROM public.giocatori p JOIN public.gruppi g ON g.id = p.gruppo_id
      WHERE p.id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map(({ tipo, scadenza, ...p }) => [p.id, { ...p, certificato: tipo && scadenza ? { tipo, scadenza } : null }]));
}

// ---- Staff ----

/** Officials by id (missing ids are absent). */
export async function dirigentiOf(db: Db, ids: readonly number[]): Promise<Map<number, PersonaLetta>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<PersonaLetta>(
    `SELECT id, nome, cognome, numero_tessera AS "numeroTessera", qualifiche, attivo FROM public.dirigenti WHERE id = ANY($1::int[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

// ---- Writes ----

/** Saves the sheet of a match (in the caller's transaction): its lines in order, its coach and others. */
export async function saveDistinta(db: Db, partitaId: number, righe: readonly RigaDistinta[], staff: { allenatore: number | null; altri: readonly number[] }): Promise<void> {
  await db.query(
    `INSERT INTO public.distinte (partita_id) VALUES ($1) ON CONFLICT (partita_id) DO UPDATE SET updated_at = clock_timestamp()`,
    [partitaId],
  );
  await db.query('DELETE FROM public.distinte_giocatori WHERE partita_id = $1', [partitaId]);
  if (righe.length > 0) {
    await db.query(
      `INSERT INTO public.distinte_giocatori (partita_id, giocatore_id, posizione, numero, capitano, vice)
       SELECT $1, g, n, num, c, v FROM unnest($2::int[], $3::int[], $4::boolean[], $5::boolean[]) WITH ORDINALITY AS t(g, num, c, v, n)`,
      [partitaId, righe.map((r) => r.id), righe.map((r) => r.numero), righe.map((r) => r.capitano), righe.map((r) => r.vice)],
    );
  }
  await db.query('DELETE FROM public.distinte_staff WHERE partita_id = $1', [partitaId]);
  const people = [...(staff.allenatore !== null ? [{ id: staff.allenatore, ruolo: 'allenatore' }] : []), ...staff.altri.map((id) => ({ id, ruolo: 'altro' }))];
  if (people.length > 0) {
    await db.query(
      `INSERT INTO public.distinte_staff (partita_id, dirigente_id, ruolo, posizione)
       SELECT $1, d, r, n - 1 FROM unnest($2::int[], $3::text[]) WITH ORDINALITY AS t(d, r, n)`,
      [partitaId, people.map((p) => p.id), people.map((p) => p.ruolo)],
    );
  }
}

/** A print of a sheet and its lines (the players by id only); its id. */
export async function recordStampa(db: Db, partitaId: number, utente: string | null, righe: readonly RigaDistinta[]): Promise<number> {
  const { rows } = await db.query<{ id: string }>('INSERT INTO public.distinte_stampe (partita_id, utente) VALUES ($1, $2) RETURNING id', [partitaId, utente]);
  const id = Number(rows[0].id);
  await db.query(
    `INSERT INTO public.distinte_stampe_giocatori (stampa_id, posizione, giocatore_id, numero, capitano, vice)
     SELECT $1, n, g, num, c, v FROM unnest($2::int[], $3::int[], $4::boolean[], $5::boolean[]) WITH ORDINALITY AS t(g, num, c, v, n)`,
    [id, righe.map((r) => r.id), righe.map((r) => r.numero), righe.map((r) => r.capitano), righe.map((r) => r.vice)],
  );
  return id;
}

/** The prints of a match's sheet, newest first; an erased player reads `rimosso`. */
export async function stampeOf(db: Db, partitaId: number, rimosso: string): Promise<StampaDistinta[]> {
  const { rows } = await db.query<StampaDistinta & { id: string }>(
    `SELECT t.id, to_json(t.stampata_il)#>>'{}' AS "stampataIl", t.utente,
            COALESCE((SELECT json_agg(json_build_object('id', g.id, 'nome', COALESCE(g.cognome || ' ' || g.nome, $2::text),
                                                        'numero', s.numero, 'capitano', s.capitano, 'vice', s.vice) ORDER BY s.posizione)
                        FROM public.distinte_stampe_giocatori s LEFT JOIN public.giocatori g ON g.id = s.giocatore_id
                       WHERE s.stampa_id = t.id), '[]') AS giocatori
       FROM public.distinte_stampe t
      WHERE t.partita_id = $1
      ORDER BY t.id DESC`,
    [partitaId, rimosso],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The matches of `data` of the categories in `scope` (null: every one), by time, with their sheet's state. */
export async function distinteDelGiorno(db: Db, data: string, scope: number[] | null): Promise<DistintaDelGiorno[]> {
  const { rows } = await db.query<DistintaDelGiorno>(
    `SELECT p.id AS partita, p.gruppo, d.partita_id IS NOT NULL AS salvata,
            (SELECT count(*)::int FROM public.distinte_giocatori x WHERE x.partita_id = p.id) AS giocatori,
            (SELECT count(*)::int FROM public.distinte_stampe x WHERE x.partita_id = p.id) AS stampe
       FROM public.partite p JOIN public.gruppi g ON g.name = p.gruppo
       LEFT JOIN public.distinte d ON d.partita_id = p.id
      WHERE p.data = $1::date AND ($2::int[] IS NULL OR g.id = ANY($2::int[]))
      ORDER BY p.ora, p.id`,
    [data, scope],
  );
  return rows;
}
