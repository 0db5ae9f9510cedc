// The Italian texts of the training slots (docs/trainings.md): the screen, the API's answers, the
// clash sentences and the slot finder. Imports nothing: the navigation loads it without the rules.

export const ALLENAMENTI_LABEL = 'Allenamenti';

export const GIORNI = ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'] as const;

export const ALLENAMENTI_MSG = {
  title: ALLENAMENTI_LABEL,
  add: 'Nuovo allenamento',
  edit: 'Modifica allenamento',
  save: 'Salva',
  cancel: 'Annulla',
  delete: 'Elimina',
  deleteTitle: 'Eliminare questo allenamento?',
  deleteConfirm: 'Elimina allenamento',
  fields: {
    gruppo: 'Categoria',
    campo: 'Campo',
    giorno: 'Giorno',
    oraInizio: 'Ora di inizio',
    oraFine: 'Ora di fine',
    dal: 'Dal',
    al: 'Al',
    spogliatoi: 'Spogliatoi',
    saltate: 'Date saltate',
  },
  invalid: {
    gruppo: 'La categoria è obbligatoria',
    campo: 'Il campo è obbligatorio',
    giorno: 'Il giorno deve essere un numero da 1 (lunedì) a 7 (domenica)',
    ora: "L'ora deve essere nel formato hh:mm",
    orari: "L'ora di fine deve essere successiva all'ora di inizio",
    data: 'La data deve essere nel formato aaaa-mm-gg',
    periodo: 'La data di fine deve essere uguale o successiva alla data di inizio',
    periodoLungo: 'Il periodo di un allenamento può durare al massimo 400 giorni',
    spogliatoi: 'Gli spogliatoi devono essere numeri diversi tra 1 e 7',
    saltate: 'Le date saltate devono essere date diverse del periodo',
    testo: (campo: string) => `${campo}: il testo deve stare su una riga (niente a capo né tabulazioni)`,
    lungo: (campo: string, max: number) => `${campo}: al massimo ${max} caratteri`,
    gruppoSconosciuto: 'Categoria non trovata',
    conferma: 'confermaSovrapposizioni deve essere vero o falso',
    nonInCalendario: 'In quella data questo allenamento non è in calendario',
  },
  notFound: 'Allenamento non trovato',
  forbidden: 'Non hai i permessi per modificare gli allenamenti',
  created: 'Allenamento creato',
  updated: 'Allenamento aggiornato',
  deleted: 'Allenamento eliminato',
  skipped: 'Allenamento saltato',
  skip: 'Salta questo allenamento',
  /** 409 of a save that clashes and was not confirmed. */
  conflict: "L'allenamento si sovrappone ad altri allenamenti o partite: conferma per salvarlo comunque",
  /** The clash sentence: 'Allenamento Esordienti 18:00-19:30 su Campo Comunale'. */
  clash: (gruppo: string, from: string, to: string, campo: string) => `Allenamento ${gruppo} ${from}-${to} su ${campo}`,
  clashRooms: (gruppo: string, from: string, to: string, rooms: number[]) =>
    `Allenamento ${gruppo} ${from}-${to}: ${rooms.length === 1 ? `spogliatoio ${rooms[0]}` : `spogliatoi ${rooms.join(', ')}`}`,
  /** A match of the category while it trains (the team rule: the same children cannot be in both). */
  clashTeam: (gruppo: string, from: string, to: string) => `La squadra ${gruppo} si allena dalle ${from} alle ${to}`,
  /** A training of the category while it plays a match, seen from the series. */
  clashTeamMatch: (gruppo: string, from: string, to: string, teams: string) => `La squadra ${gruppo} gioca dalle ${from} alle ${to} (${teams})`,
  activity: {
    created: (what: string) => `Allenamento creato: ${what}`,
    updated: (what: string) => `Allenamento modificato: ${what}`,
    deleted: (what: string) => `Allenamento eliminato: ${what}`,
    skipped: (what: string, data: string) => `Allenamento saltato il ${data}: ${what}`,
    confirmed: (what: string) => `Sovrapposizioni confermate per l'allenamento ${what}`,
  },
  /** 'Esordienti, mercoledì 18:00-19:30, Campo Comunale'. */
  describe: (gruppo: string, giorno: number, from: string, to: string, campo: string) => `${gruppo}, ${GIORNI[giorno - 1]} ${from}-${to}, ${campo}`,
  empty: 'Nessun allenamento: aggiungi il primo con «Nuovo allenamento»',
  loadError: 'Impossibile caricare gli allenamenti',
  // The screen (src/features/trainings): the weekly grid, its filters and the form.
  loading: 'Caricamento allenamenti...',
  count: (n: number) => (n === 1 ? '1 allenamento' : `${n} allenamenti`),
  emptyReader: 'Nessun allenamento in calendario',
  noneFiltered: 'Nessun allenamento con questi filtri',
  allGruppi: 'Tutte le categorie',
  allCampi: 'Tutti i campi',
  clearFilters: 'Azzera filtri',
  grid: 'Settimana tipo degli allenamenti',
  cell: (campo: string, giorno: string) => `${campo}, ${giorno}`,
  addHere: (campo: string, giorno: string) => `Nuovo allenamento: ${campo}, ${giorno}`,
  rooms: (rooms: readonly number[]) =>
    rooms.length === 0 ? 'Nessuno spogliatoio' : rooms.length === 1 ? `Spogliatoio ${rooms[0]}` : `Spogliatoi ${rooms.join(', ')}`,
  room: (n: number) => `Spogliatoio ${n}`,
  /** Dates as dd/mm/yyyy. */
  period: (dal: string, al: string) => `dal ${dal} al ${al}`,
  /** The period on a block of the grid, on one line. */
  periodShort: (dal: string, al: string) => `${dal} - ${al}`,
  skippedCount: (n: number) => (n === 1 ? '1 data saltata' : `${n} date saltate`),
  ended: 'Concluso',
  /** Where a block of the grid is, read before its text: 'Campo Comunale, lunedì:'. */
  blockPlace: (campo: string, giorno: string) => `${campo}, ${giorno}:`,
  roomsHint: 'Facoltativi: tocca gli spogliatoi che usa',
  skipDate: 'Data da saltare',
  addSkip: 'Aggiungi data',
  /** The end of a range of dates to skip (Natale: dal 23/12 al 06/01): every date of the series' weekday in it. */
  skipTo: 'Fino al (facoltativo)',
  skipToHint: 'Per saltare più settimane',
  addSkipRange: 'Aggiungi date',
  removeSkip: (data: string) => `Rimuovi ${data}`,
  noSkips: 'Nessuna data saltata',
  skipNotInPeriod: (giorno: string) => `Scegli un giorno di ${giorno} compreso nel periodo`,
  skipDuplicate: 'Questa data è già tra le date saltate',
  occurrences: (n: number) => (n === 1 ? '1 allenamento nel periodo' : `${n} allenamenti nel periodo`),
  endProposed: (minutes: number) => `Proposta: ${minutes} minuti dopo l'inizio`,
  noCategories: 'Nessuna categoria: creane una da Categorie prima di aggiungere allenamenti.',
  saving: 'Salvataggio...',
  deleting: 'Eliminazione...',
  saveAndAddAnother: 'Salva e aggiungi un altro',
  /** After 'Salva e aggiungi un altro': the form keeps category, pitch, period, times and rooms. */
  savedAnother: (what: string) => `Salvato: ${what}. Scegli il giorno del prossimo allenamento.`,
  saveError: "Impossibile salvare l'allenamento",
  deleteError: "Impossibile eliminare l'allenamento",
  deleteText: (what: string, period: string) => `${what}, ${period}: tutte le sue date saranno tolte dal calendario.`,
  clashTitle: 'Salvare comunque?',
  clashIntro: "L'allenamento si sovrappone a:",
  clashConfirm: 'Salva comunque',
  /** When a clash first happens: from a date (another series), on a date (a match). */
  clashFrom: (data: string) => `dal ${data}`,
  clashOn: (data: string) => `il ${data}`,
  openMatch: 'Apri la partita',
  // 'Salta questo allenamento' on the occupancy board (src/features/occupancy): one date of a series.
  skipTitle: 'Saltare questo allenamento?',
  /** what: describe(...); data: the long date ('mercoledì 4 novembre 2026'). */
  skipText: (what: string, data: string) => `${what}: l'allenamento di ${data} sarà tolto dal calendario. Le altre date della serie restano.`,
  skipConfirm: 'Salta allenamento',
  skipError: "Impossibile saltare l'allenamento",
} as const;

export const SLOT_MSG = {
  find: 'Trova uno slot',
  title: 'Slot liberi',
  none: 'Nessuno slot libero nel periodo',
  choose: 'Scegli',
  loading: 'Cerco gli slot liberi...',
  error: 'Impossibile cercare gli slot liberi',
  // The finder of the SPA (src/components/SlotFinder.tsx) and the places that use it.
  close: 'Chiudi',
  search: 'Cerca',
  period: 'Periodo di ricerca',
  dal: 'Dal',
  al: 'Al',
  /** Over the list: what was searched ('Pulcini, dal 28/11/2026 al 28/12/2026'). */
  searched: (gruppo: string, dal: string, al: string) => `${gruppo}, dal ${dal} al ${al}`,
  count: (n: number) => (n === 1 ? '1 slot libero' : `${n} slot liberi`),
  /** Over the list, grouped by day. */
  countDays: (n: number) => (n === 1 ? '1 giorno con slot liberi' : `${n} giorni con slot liberi`),
  /** A day's other start times, folded until asked for. */
  more: (n: number) => `Altri orari (${n})`,
  fewer: 'Meno orari',
  /** 'spogliatoi 3 e 4'. */
  rooms: (rooms: readonly number[]) => (rooms.length === 1 ? `spogliatoio ${rooms[0]}` : `spogliatoi ${rooms.slice(0, -1).join(', ')} e ${rooms[rooms.length - 1]}`),
  /** A slot on one line: 'sabato 28 novembre, 10:00-11:30, Comunale, spogliatoi 3 e 4'. */
  describe: (giorno: string, from: string, to: string, campo: string, rooms: readonly number[]): string =>
    [giorno, `${from}-${to}`, campo, rooms.length > 0 ? SLOT_MSG.rooms(rooms) : ''].filter(Boolean).join(', '),
  needsGruppo: 'Scegli prima la categoria per cercare uno slot',
  periodOrder: 'La data di fine deve essere uguale o successiva alla data di inizio',
  periodDates: 'Indica le date del periodo (gg/mm/aaaa)',
  openMatch: 'Apri la partita',
  /** The edit form opened with a slot's values (query parameters). */
  prefilled: 'Data, ora, campo e spogliatoi dello slot scelto sono già inseriti: controlla e salva per confermarli.',
  /** The import preview: the row the finder is for. */
  forRow: (line: number) => `Slot liberi per la riga ${line}`,
  invalid: {
    durata: 'La durata deve essere un numero di minuti tra 30 e 240',
    periodo: 'Il periodo di ricerca può durare al massimo 120 giorni',
    orari: 'PLAYING_HOURS non valido: usa ad esempio "1-5=17:00-21:00;6-7=09:00-19:00"',
  },
} as const;
