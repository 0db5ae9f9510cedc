// The team sheet form's values, the client's check of its lines and its PUT body (docs/teamsheet.md).
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import type { Distinta, GiocatoreDistinta } from '../../../common/teamsheet/types';
import type { DistintaBody } from '../../api/teamsheetApi';

export interface Riga {
  /** The player's id (not `id`: useFieldArray keeps its own key there). */
  giocatore: number;
  numero: string;
}

export interface SheetValues {
  righe: Riga[];
  capitano: number | null;
  vice: number | null;
  allenatore: number | null;
  altri: number[];
}

export const nomeDi = (g: Pick<GiocatoreDistinta, 'nome' | 'cognome'>) => `${g.cognome} ${g.nome}`;

/** The form's values of a sheet as read. */
export function sheetValues(d: Distinta): SheetValues {
  return {
    righe: d.giocatori.map((g) => ({ giocatore: g.id, numero: g.numero === null ? '' : String(g.numero) })),
    capitano: d.giocatori.find((g) => g.capitano)?.id ?? null,
    vice: d.giocatori.find((g) => g.vice)?.id ?? null,
    allenatore: d.staff.find((s) => s.ruolo === 'allenatore')?.id ?? null,
    altri: d.staff.filter((s) => s.ruolo === 'altro').map((s) => s.id),
  };
}

/** The client's check of the lines (the server checks again): each refused player's reason, by id. */
export function checkLines(v: SheetValues): Map<number, string> {
  const problems = new Map<number, string>();
  const byNumber = new Map<number, number[]>();
  for (const r of v.righe) {
    const n = Number(r.numero);
    if (!/^\d{1,2}$/.test(r.numero.trim()) || n < 1 || n > 99) problems.set(r.giocatore, DISTINTA_MSG.invalid.numero);
    else byNumber.set(n, [...(byNumber.get(n) ?? []), r.giocatore]);
  }
  for (const [n, ids] of byNumber) if (ids.length > 1) for (const id of ids) problems.set(id, DISTINTA_MSG.problemi.numeroRipetuto(n));
  if (v.capitano !== null && v.capitano === v.vice) problems.set(v.capitano, DISTINTA_MSG.problemi.capitanoEVice);
  return problems;
}

/** The PUT body of the form's values. */
export function toBody(v: SheetValues): DistintaBody {
  const present = new Set(v.righe.map((r) => r.giocatore));
  return {
    giocatori: v.righe.map((r) => ({
      id: r.giocatore,
      numero: Number(r.numero),
      ...(v.capitano === r.giocatore && present.has(r.giocatore) ? { capitano: true } : {}),
      ...(v.vice === r.giocatore && present.has(r.giocatore) ? { vice: true } : {}),
    })),
    staff: { allenatore: v.allenatore, altri: v.altri },
  };
}


/** The numbers 'Numera in ordine' gives: each blank line the lowest number (1-99) no other line holds, in the sheet's order; typed ones kept. */
export function numberInOrder(righe: readonly Riga[]): string[] {
  const taken = new Set(righe.map((r) => r.numero.trim()).filter((n) => n !== ''));
  let next = 1;
  return righe.map((r) => {
    if (r.numero.trim() !== '') return r.numero;
    while (taken.has(String(next)) && next < 99) next += 1;
    if (taken.has(String(next))) return '';
    taken.add(String(next));
    return String(next);
  });
}
