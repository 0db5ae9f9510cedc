// Reading players from a CSV file or pasted cells (docs/players.md, import): the columns, each row as
// the body of POST /api/giocatori/import, and each row's problems by the form's own schema, so the
// preview shows them before anything is sent. The cells are read by common/import/parse.ts.
import { parseDate, unneutralise, type Table } from '../import/parse';
import { GIOCATORI_MSG } from './messages';
import { giocatoreFieldErrors, type GiocatoreInputRaw } from './rules';

/** The columns of the file, in the order assumed when it has no header row. */
export const COLONNE_IMPORT = ['nome', 'cognome', 'dataNascita', 'gruppo', 'numeroTessera', 'tipo', 'scadenza'] as const;
export type ColonnaImport = (typeof COLONNE_IMPORT)[number];

/** Header words (lower case, no spaces, dots, dashes or underscores) -> column. */
const HEADERS: Record<string, ColonnaImport> = {
  nome: 'nome',
  cognome: 'cognome',
  datanascita: 'dataNascita',
  datadinascita: 'dataNascita',
  nato: 'dataNascita',
  natoil: 'dataNascita',
  gruppo: 'gruppo',
  categoria: 'gruppo',
  numerotessera: 'numeroTessera',
  tessera: 'numeroTessera',
  matricola: 'numeroTessera',
  tipo: 'tipo',
  certificato: 'tipo',
  tipocertificato: 'tipo',
  certificatotipo: 'tipo',
  scadenza: 'scadenza',
  scadenzacertificato: 'scadenza',
  certificatoscadenza: 'scadenza',
};

const headerKey = (cell: string) => cell.toLocaleLowerCase('it').replace(/[\s._-]+/g, '');

export interface RigaImport {
  /** The file's line (1-based) of the row. */
  riga: number;
  /** The body sent for the row. */
  giocatore: GiocatoreInputRaw;
  /** What is wrong with it, in the field order; empty when it may be sent. */
  problemi: string[];
}

/** Where each column is: from the header row when the first row names `nome` and `cognome`, else in COLONNE_IMPORT's order. */
export function colonneDi(table: Table): { header: boolean; at: Record<ColonnaImport, number> } {
  const first = table.rows[0] ?? [];
  const named = first.map((c) => HEADERS[headerKey(c)]);
  if (named.includes('nome') && named.includes('cognome')) {
    const at = Object.fromEntries(COLONNE_IMPORT.map((c) => [c, named.indexOf(c)])) as Record<ColonnaImport, number>;
    return { header: true, at };
  }
  return { header: false, at: Object.fromEntries(COLONNE_IMPORT.map((c, i) => [c, i])) as Record<ColonnaImport, number> };
}

const TIPI: Record<string, 'agonistico' | 'non_agonistico'> = { agonistico: 'agonistico', nonagonistico: 'non_agonistico' };

/**
 * The table's rows as players' bodies with their problems: dates as dd/mm/yyyy or yyyy-mm-dd (or as
 * Excel writes them), the certificate from its type and expiry (both or neither), blank optional cells
 * absent. `gruppi`, when given, are the categories known: a row naming another is a problem (the
 * category is sent as the club spells it).
 */
export function leggiGiocatori(table: Table, today: () => string, gruppi: readonly string[] = []): RigaImport[] {
  const { header, at } = colonneDi(table);
  const byKey = new Map(gruppi.map((g) => [g.toLocaleLowerCase('it'), g]));
  const M = GIOCATORI_MSG;
  return table.rows.slice(header ? 1 : 0).map((cells, i) => {
    const cell = (c: ColonnaImport) => (at[c] >= 0 ? unneutralise(cells[at[c]] ?? '').trim() : '');
    const problemi: string[] = [];
    const unreadable: string[] = [];
    const dateOf = (c: 'dataNascita' | 'scadenza', campo: string, path: string) => {
      const raw = cell(c);
      if (raw === '') return '';
      const iso = parseDate(raw);
      if (iso === null) {
        problemi.push(M.import.data(campo, raw));
        unreadable.push(path);
      }
      return iso ?? raw;
    };
    const dataNascita = dateOf('dataNascita', M.fields.dataNascita, 'dataNascita');
    const tipoRaw = cell('tipo');
    const tipo = tipoRaw === '' ? '' : TIPI[headerKey(tipoRaw)];
    if (tipo === undefined) {
      problemi.push(M.import.tipo(tipoRaw));
      unreadable.push('certificato.tipo');
    }
    const scadenza = dateOf('scadenza', M.fields.scadenza, 'certificato.scadenza');
    const gruppoRaw = cell('gruppo');
    const gruppo = byKey.get(gruppoRaw.toLocaleLowerCase('it')) ?? gruppoRaw;
    const giocatore: GiocatoreInputRaw = {
      nome: cell('nome'),
      cognome: cell('cognome'),
      dataNascita,
      gruppo,
      numeroTessera: cell('numeroTessera') || null,
      // A type without expiry (or the reverse) is sent as it is: the schema names the problem.
      certificato: tipoRaw === '' && scadenza === '' ? null : ({ tipo: tipo ?? tipoRaw, scadenza } as GiocatoreInputRaw['certificato']),
    };
    // A date said unreadable, or a type said unknown, is not said again by the schema.
    const said = new Set(unreadable);
    for (const [path, message] of Object.entries(giocatoreFieldErrors(giocatore, today))) if (!said.has(path)) problemi.push(message);
    if (gruppo !== '' && gruppi.length > 0 && !byKey.has(gruppo.toLocaleLowerCase('it'))) problemi.push(M.unknownGruppo(gruppo));
    return { riga: table.lines[i + (header ? 1 : 0)], giocatore, problemi };
  });
}
