import type { Db } from '../../db/pool';
import type { PartitaPayload } from '../../../common/matches/rules';
import { sortGruppi } from '../../../common/groups/order';

/** Names of the categories, in the order of every list (common/groups/order.ts). */
export async function categoryNames(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM public.gruppi');
  return sortGruppi(rows.map((r) => r.name));
}

export interface ExistingMatch {
  data: string;
  ora: string;
  squadracasa: string;
  squadratrasferta: string;
}

/** Date, start time and teams of the matches on the given days (duplicate check of the preview). */
export async function matchesOnDates(db: Db, dates: string[]): Promise<ExistingMatch[]> {
  const { rows } = await db.query<ExistingMatch>(
    `SELECT to_char(data, 'YYYY-MM-DD') AS data, to_char(ora, 'HH24:MI') AS ora, squadracasa, squadratrasferta
       FROM public.partite WHERE data = ANY($1::date[])`,
    [dates],
  );
  return rows;
}

/**
 * All matches in one INSERT (one row per element of the parallel arrays, in order): the caller
 * runs it inside its transaction. Returns the new ids in the order of `partite`.
 */
export async function insertMany(db: Db, partite: PartitaPayload[]): Promise<number[]> {
  const col = <K extends keyof PartitaPayload>(k: K) => partite.map((p) => p[k]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match,
       spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara)
     SELECT d, o, f, c, t, g, k, h, sg, so, te, tg
       FROM unnest($1::date[], $2::time[], $3::time[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[],
                   $9::int[], $10::int[], $11::text[], $12::text[]) WITH ORDINALITY
            AS r(d, o, f, c, t, g, k, h, sg, so, te, tg, n)
      ORDER BY n
     RETURNING id`,
    [
      col('data'),
      col('ora'),
      col('oraFine'),
      col('squadraCasa'),
      col('squadraTrasferta'),
      col('gruppo'),
      col('campo'),
      col('isHouseMatch'),
      col('spogliatoioGari'),
      col('spogliatoioOspiti'),
      col('terreno'),
      col('tipoGara'),
    ],
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
