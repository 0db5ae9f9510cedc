// The Italian texts of the fixture import (docs/import.md): the /importa screen, the row problems,
// the server's answers and activity record. Imports nothing: the bar reads IMPORT_NAV_LABEL without
// the parser (common/import/rules.ts, loaded with the /importa screen).

/** The navigation label of the import screen. */
export const IMPORT_NAV_LABEL = 'Importa partite';

export const IMPORT_MSG = {
  title: IMPORT_NAV_LABEL,
  nav: IMPORT_NAV_LABEL,
  intro: 'Carica un file CSV oppure incolla le celle copiate da Excel o Google Sheets.',
  chooseFile: 'Scegli file CSV',
  pasteLabel: 'Incolla qui le celle (con la riga di intestazione)',
  read: 'Leggi dati',
  hasHeader: 'La prima riga è di intestazione',
  mappingTitle: 'Colonne',
  column: (n: number) => `Colonna ${n}`,
  ignore: '(ignora)',
  onlyErrors: 'Solo righe con errori',
  counts: (valid: number, invalid: number, dup: number) => `Valide: ${valid} · Con errori: ${invalid} · Duplicate: ${dup}`,
  importButton: (n: number) => (n === 1 ? 'Importa 1 partita valida' : `Importa ${n} partite valide`),
  tooManyValid: (n: number, max: number) =>
    `${n} righe valide: al massimo ${max} partite per importazione. Dividi il file e importalo in più volte.`,
  importing: 'Importazione in corso...',
  done: (n: number) => (n === 1 ? '1 partita importata' : `${n} partite importate`),
  /** The result after an import: how many were imported, how many rows with problems stay in the preview. */
  doneWithRemaining: (n: number, remaining: number) =>
    `${n === 1 ? '1 partita importata' : `${n} partite importate`} · ${remaining === 1 ? '1 riga con errori resta da correggere' : `${remaining} righe con errori restano da correggere`}`,
  remainingHint: 'Le righe non importate restano qui sotto con i loro problemi: correggile nella tabella e importale, oppure scaricale in CSV.',
  editHint: 'Doppio clic su una cella per correggerla (Invio per confermare, Esc per annullare).',
  downloadFailedRows: (n: number) => (n === 1 ? 'Scarica la riga con errori (CSV)' : `Scarica le ${n} righe con errori (CSV)`),
  downloadFailedError: 'Impossibile preparare il file CSV delle righe con errori: riprova',
  failedFileName: (source: string | null) => `${source ? source.replace(/\.[^.]*$/, '') : 'importazione'}_righe_con_errori.csv`,
  resultTitle: 'Partite create',
  again: 'Importa altre partite',
  openMatch: 'Modifica',
  noRows: 'Nessuna riga da importare',
  loadFailed: 'Errore nel caricamento delle categorie',
  checking: 'Controllo delle categorie e delle partite già salvate...',
  importFailed: "Errore durante l'importazione delle partite",
  rowHeader: 'Riga',
  /** `rows`: the data rows (the header not counted). */
  readInfo: (rows: number, separator: string, encoding: string) =>
    `${rows === 1 ? '1 riga letta' : `${rows} righe lette`} · separatore ${separator} · codifica ${encoding}`,
  encodingName: { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252' } as Record<string, string>,
  separatorName: { ';': 'punto e virgola', ',': 'virgola', '\t': 'tabulazione' } as Record<string, string>,
  fileLabel: (name: string) => `File: ${name}`,
  clear: 'Svuota',
  problemsHeader: 'Problemi',
  roomsHeader: 'Spogliatoi',
  fixedTitle: 'Valori per tutte le righe',
  fixedHint: 'Per i dati che il file non ha in nessuna colonna',
  fixedNone: '(nessuno)',
  home: 'Casa',
  away: 'Trasferta',
  ok: 'OK',
  fields: {
    data: 'Data',
    ora: 'Inizio',
    oraFine: 'Fine',
    squadraCasa: 'Casa',
    squadraTrasferta: 'Ospiti',
    campo: 'Campo',
    gruppo: 'Categoria',
    tipoGara: 'Tipo',
    terreno: 'Terreno',
    isHouseMatch: 'Casa/Trasferta',
    spogliatoioGari: 'Spogliatoio Garibaldina',
    spogliatoioOspiti: 'Spogliatoio ospiti',
  },
  // Row problems.
  badDate: (v: string) => `Data non riconosciuta: "${v}" (usa gg/mm/aaaa)`,
  badTime: (label: string, v: string) => `${label} non riconosciuta: "${v}" (usa HH:MM o H.MM)`,
  badTipo: (v: string) => `Tipo gara non riconosciuto: "${v}" (Amichevole, Campionato, Torneo)`,
  badTerreno: (v: string) => `Terreno non riconosciuto: "${v}" (Erba, Sintetico)`,
  badHome: (v: string) => `Casa/Trasferta non riconosciuto: "${v}"`,
  badRoom: (label: string, v: string) => `${label} non valido: "${v}"`,
  unknownCategory: (name: string, available: string[]) =>
    `Categoria inesistente: "${name}". Categorie disponibili: ${available.length ? available.join(', ') : 'nessuna'}`,
  suggestCategory: (name: string, suggestion: string, available: string[]) =>
    `Categoria inesistente: "${name}". Forse ${suggestion}? Categorie disponibili: ${available.join(', ')}`,
  duplicateInFile: (line: number) => `Duplicata della riga ${line} del file`,
  duplicateExisting: 'Partita già presente (stessa data, ora e squadre)',
  // Server answers.
  row: (n: number, message: string) => `Riga ${n}: ${message}`,
  tooMany: (max: number) => `Troppe righe: al massimo ${max} partite per importazione`,
  empty: 'Nessuna partita da importare',
  activity: (n: number, first: string, last: string) =>
    `${n === 1 ? 'Importata 1 partita' : `Importate ${n} partite`} (${first === last ? `il ${first}` : `dal ${first} al ${last}`})`,
} as const;
