// SQL of the match-status endpoints (docs/matches.md, status): bulk status changes with their before-image,
// and the undo that puts the rows back.
import type { Db } from '../../db/pool';
import type { AzioneStato } from '../../../common/status/rules';
import type { StatoPartita } from '../../../common/status/read';
import { OPERAZIONE_KEEP_HOURS } from '../../../common/status/rules';
import { partitaColumns } from '../../services/matches/columns';

/** A match a bulk request moves, as the clash check (server/services/clashes) takes it. */
import type { Move } from '../../services/clashes/clashes';
export type { Move };

/** A row as the bulk operation found it (to_jsonb of the whole row: the before-image). */
export interface LockedRow {
  id: number;
  data: string;
  riga: Record<string, unknown>;
}

/** Date and status of the rows with these ids, without a lock (which days a bulk move will need, before locking them). */
export async function peekRows(db: Db, ids: number[]): Promise<Array<{ id: number; data: string; stato: string; data_da_definire: boolean }>> {
  const { rows } = await db.query<{ id: number; data: string; stato: string; data_da_definire: boolean }>(
    'SELECT id, data, stato, data_da_definire FROM public.partite WHERE id = ANY($1::int[])',
    [ids],
  );
  return rows;
}

/** The rows with these ids, locked until the transaction ends, in id order (no deadlock between two bulk requests). */
export async function lockRows(db: Db, ids: number[]): Promise<LockedRow[]> {
  const { rows } = await db.query<LockedRow>(
    `SELECT p.id, p.data, to_jsonb(p) AS riga FROM public.partite p WHERE p.id = ANY($1::int[]) ORDER BY p.id FOR UPDATE`,
    [ids],
  );
  return rows;
}

export interface StatoUpdate {
  stato: StatoPartita;
  motivo: string | null;
  /** Who changed it (e-mail), kept in stato_modificato_da. */
  by: string | null;
  /** 'rinvia' with a date: the new date. */
  nuovaData: string | null;
  /** 'sposta': days to add to each date. */
  giorni: number | null;
  /** 'Rinvia' of one match to a chosen slot: its start, end, pitch and rooms (with `nuovaData`). */
  slot?: SlotPlace | null;
}

/** The start, end, pitch and rooms a chosen slot gives a match (times 'HH:MM'). */
export type SlotPlace = NonNullable<Move['at']>;

/**
 * Sets the status (and the date, when given) of the matches; answers each row's SEQUENCE afterwards.
 * data_da_definire (migration 014) is true only for 'rinviata' without a new date or a shift of days
 * ('Rinvia' keeping the date), false for every other change.
 */
export async function updateStato(db: Db, ids: number[], u: StatoUpdate): Promise<Array<{ id: number; sequence: number }>> {
  const { rows } = await db.query<{ id: number; sequence: number }>(
    `UPDATE public.partite
        SET stato = $2, motivo_stato = $3, stato_modificato_da = $4, stato_modificato_il = now(),
            data_da_definire = ($2 = 'rinviata' AND $5::date IS NULL AND $6::int IS NULL),
            -- A move keeps the first date the match had (migration 016).
            data_originale = CASE WHEN COALESCE($5::date, data + $6::int, data) <> data THEN COALESCE(data_originale, data) ELSE data_originale END,
            data = CASE WHEN $5::date IS NOT NULL THEN $5::date WHEN $6::int IS NOT NULL THEN data + $6::int ELSE data END,
            -- A chosen slot ($7): the whole of it, in the same write.
            ora = CASE WHEN $7::boolean THEN $8::time ELSE ora END,
            ora_fine = CASE WHEN $7::boolean THEN $9::time ELSE ora_fine END,
            campo = CASE WHEN $7::boolean THEN $10::text ELSE campo END,
            spogliatoio_gari = CASE WHEN $7::boolean THEN $11::smallint ELSE spogliatoio_gari END,
            spogliatoio_ospiti = CASE WHEN $7::boolean THEN $12::smallint ELSE spogliatoio_ospiti END
      WHERE id = ANY($1::int[])
      RETURNING id, sequence`,
    [
      ids,
      u.stato,
      u.motivo,
      u.by,
      u.nuovaData,
      u.giorni,
      Boolean(u.slot),
      u.slot?.ora ?? null,
      u.slot?.ora_fine ?? null,
      u.slot?.campo ?? null,
      u.slot?.spogliatoio_gari ?? null,
      u.slot?.spogliatoio_ospiti ?? null,
    ],
  );
  return rows;
}

export async function insertOperazione(
  db: Db,
  op: { azione: AzioneStato; motivo: string | null; userEmail: string | null; righe: unknown[]; dopo: Record<string, number> },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO public.partite_operazioni_stato (azione, motivo, user_email, righe, dopo) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [op.azione, op.motivo, op.userEmail, JSON.stringify(op.righe), JSON.stringify(op.dopo)],
  );
  return rows[0].id;
}

export interface Operazione {
  id: string;
  azione: AzioneStato;
  motivo: string | null;
  righe: Array<Record<string, unknown> & { id: number }>;
  dopo: Record<string, number>;
  annullata_il: Date | null;
}

/** An operation still within its day, locked (two undos of it wait for each other). */
export async function findOperazioneForUpdate(db: Db, id: string): Promise<Operazione | null> {
  const { rows } = await db.query<Operazione>(
    `SELECT id, azione, motivo, righe, dopo, annullata_il FROM public.partite_operazioni_stato
      WHERE id = $1 AND created_at >= now() - make_interval(hours => $2) FOR UPDATE`,
    [id, OPERAZIONE_KEEP_HOURS],
  );
  return rows[0] ?? null;
}

/** The current SEQUENCE of the matches still there, locked, in id order. */
export async function lockSequences(db: Db, ids: number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ id: number; sequence: number }>(
    'SELECT id, sequence FROM public.partite WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.sequence]));
}

/**
 * Puts back what a bulk operation changed (date, time, end, pitch and rooms, which a 'Rinvia' to a slot
 * changes, and the status columns, data_da_definire included)
 * from its before-image (an image older than migration 014 has it added there).
 * The caller has checked that nothing else changed since (same SEQUENCE). Answers the count.
 */
export async function restoreRows(db: Db, righe: unknown[]): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE public.partite p
        SET data = b.data, ora = b.ora, ora_fine = b.ora_fine, campo = b.campo,
            spogliatoio_gari = b.spogliatoio_gari, spogliatoio_ospiti = b.spogliatoio_ospiti,
            stato = b.stato, motivo_stato = b.motivo_stato,
            stato_modificato_da = b.stato_modificato_da, stato_modificato_il = b.stato_modificato_il,
            data_da_definire = COALESCE(b.data_da_definire, b.stato = 'rinviata'),
            data_originale = b.data_originale
       FROM jsonb_populate_recordset(NULL::public.partite, $1::jsonb) b
      WHERE p.id = b.id`,
    [JSON.stringify(righe)],
  );
  return rowCount ?? 0;
}

export async function markUndone(db: Db, id: string): Promise<void> {
  await db.query('UPDATE public.partite_operazioni_stato SET annullata_il = now() WHERE id = $1', [id]);
}

const CLASH_COLUMNS = partitaColumns({ omit: ['terreno', 'tipo_gara', 'motivo_stato', 'data_originale'] });

/** The clash columns of the matches (the clash check of an undo, docs/occupancy.md), as they are now. */
export async function clashRows(db: Db, ids: number[]) {
  const { rows } = await db.query<Move['row']>(
    `SELECT ${CLASH_COLUMNS} FROM public.partite WHERE id = ANY($1::int[]) ORDER BY id`,
    [ids],
  );
  return rows;
}
