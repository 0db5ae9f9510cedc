import { compareGruppi } from '../../../common/groups/order';
import { compareGiocatori, type Giocatore, type RegolaCertificato } from '../../../common/players/rules';
import { conteggioDi, statoCertificato, type Conteggio, type StatoCertificato } from './certificate';

/** A roster's row: the player with their certificate's state on the club's today. */
export interface PlayerRow extends Giocatore {
  stato: StatoCertificato;
}

/** The roster's filters besides the category: a search on name, surname and card, and a certificate count. */
export interface PlayerFilterValues {
  search: string;
  stato: Conteggio | '';
}

export const NO_FILTERS: PlayerFilterValues = { search: '', stato: '' };

/** Case- and accent-insensitive, as people type names. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it').trim();

export const fullName = (g: Pick<Giocatore, 'nome' | 'cognome'>) => `${g.cognome} ${g.nome}`;

export function toRows(list: readonly Giocatore[], oggi: string, regola: RegolaCertificato): PlayerRow[] {
  return list.map((g) => ({ ...g, stato: statoCertificato(g, oggi, regola) }));
}

/** The players of one category ('' for every one), in the server's order. */
export const ofGruppo = (rows: readonly PlayerRow[], gruppo: string) => (gruppo === '' ? [...rows] : rows.filter((r) => r.gruppo === gruppo));

/** The rows a search and a certificate count leave. */
export function filterRows(rows: readonly PlayerRow[], { search, stato }: PlayerFilterValues): PlayerRow[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return rows
    .filter((r) => stato === '' || conteggioDi(r.stato) === stato)
    .filter((r) => {
      const text = fold(`${r.nome} ${r.cognome} ${r.numeroTessera ?? ''}`);
      return words.every((w) => text.includes(w));
    });
}

/**
 * The categories of the picker: those the caller follows (GET /api/giocatori's `seguite`: every one for an
 * administrator) and any a visible player is in, each once, in the app's one order (common/groups/order.ts).
 */
export function pickerCategories(seguite: readonly string[], rows: readonly Giocatore[]): string[] {
  return [...new Set([...seguite, ...rows.map((r) => r.gruppo)])].sort(compareGruppi);
}

/** The category the screen opens on: the first one with players, else the first one. */
export function defaultCategory(categories: readonly string[], rows: readonly Giocatore[]): string {
  return categories.find((c) => rows.some((r) => r.gruppo === c)) ?? categories[0] ?? '';
}

/** Severity for sorting by certificate: the worst first. */
const SEVERITY: Record<StatoCertificato['stato'], number> = { mancante: 0, tipo_non_valido: 1, scaduto: 2, tipo_in_scadenza: 3, in_scadenza: 4, valido: 5 };
const dateOf = (s: StatoCertificato) => ('scadenza' in s ? s.scadenza : 'dal' in s ? s.dal : '');
export const compareStato = (a: StatoCertificato, b: StatoCertificato) => SEVERITY[a.stato] - SEVERITY[b.stato] || dateOf(a).localeCompare(dateOf(b));

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });
const text = (a: string | null, b: string | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : collator.compare(a, b));
const COMPARE: Record<string, (a: PlayerRow, b: PlayerRow) => number> = {
  giocatore: compareGiocatori,
  gruppo: (a, b) => collator.compare(a.gruppo, b.gruppo),
  dataNascita: (a, b) => a.dataNascita.localeCompare(b.dataNascita),
  numeroTessera: (a, b) => text(a.numeroTessera, b.numeroTessera),
  stato: (a, b) => compareStato(a.stato, b.stato),
  squalificatoFino: (a, b) => text(a.squalificatoFino, b.squalificatoFino),
};

/** The roster sorted by a column (a header's click), ties by surname and name; the server's order when none. */
export function sortRows(rows: readonly PlayerRow[], field: string | undefined, direction: 'asc' | 'desc' | null | undefined): PlayerRow[] {
  const compare = field ? COMPARE[field] : undefined;
  if (!compare || !direction) return [...rows];
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b) || compareGiocatori(a, b));
}
