// The Italian texts of the club's officials and their designations (docs/officials.md). Imports
// nothing: the navigation loads it without the rules.

export const DIRIGENTI_LABEL = 'Dirigenti';

/** What an official may do for the club. */
export const QUALIFICA_LABELS = {
  arbitro: 'Dirigente arbitro',
  accompagnatore: 'Dirigente accompagnatore',
  addetto_arbitro: "Addetto all'arbitro",
  allenatore: 'Allenatore',
} as const;

/** The roles of a match, as the API names them. */
export const RUOLO_LABELS = {
  arbitro: 'Arbitro',
  accompagnatore: 'Accompagnatore',
  addettoArbitro: "Addetto all'arbitro",
} as const;

export const DIRIGENTI_MSG = {
  title: DIRIGENTI_LABEL,
  add: 'Nuovo dirigente',
  edit: 'Modifica dirigente',
  save: 'Salva',
  cancel: 'Annulla',
  delete: 'Elimina',
  fields: { nome: 'Nome', cognome: 'Cognome', email: 'Email', telefono: 'Telefono', qualifiche: 'Qualifiche', attivo: 'Attivo', numeroTessera: 'Numero di tessera' },
  invalid: {
    nome: 'Il nome è obbligatorio',
    cognome: 'Il cognome è obbligatorio',
    email: 'Inserisci un indirizzo email valido',
    telefono: 'Il numero di telefono deve essere di 9 o 10 cifre',
    qualifiche: 'Qualifica non valida',
    testo: (campo: string) => `${campo}: il testo deve stare su una riga (niente a capo né tabulazioni)`,
    lungo: (campo: string, max: number) => `${campo}: al massimo ${max} caratteri`,
    attivo: 'Attivo deve essere vero o falso',
    tessera: 'Numero di tessera: al massimo 20 caratteri tra lettere, cifre, spazi e i segni / . -',
    designazione: 'Designazione non valida',
    conferma: 'confermaSovrapposizioni deve essere vero o falso',
    giorni: 'I giorni devono essere un numero da 1 a 60',
  },
  notFound: 'Dirigente non trovato',
  duplicateEmail: 'Esiste già un dirigente con questa email',
  inUse: (n: number) => `Impossibile eliminare il dirigente: è designato per ${n === 1 ? '1 partita' : `${n} partite`}. Togli prima le designazioni, o segnalo come non attivo.`,
  forbidden: 'Non hai i permessi per modificare i dirigenti',
  created: 'Dirigente creato',
  updated: 'Dirigente aggiornato',
  deleted: 'Dirigente eliminato',
  /** A designation of someone without the role's qualification. */
  notQualified: (persona: string, ruolo: string) => `${persona} non ha la qualifica per il ruolo: ${ruolo}`,
  inactive: (persona: string) => `${persona} non è un dirigente attivo`,
  unknownPerson: 'Dirigente non trovato',
  /** The referee may hold no other role in the same match (docs/officials.md). */
  refereeAlone: "L'arbitro non può avere un altro ruolo nella stessa partita",
  /** 409 of a designation that puts someone in two places. */
  conflict: 'Un dirigente è già designato per un’altra partita a quell’ora: conferma per salvare comunque',
  clash: (persona: string, ruolo: string, teams: string, from: string, to: string, data: string) =>
    `${persona} è già ${ruolo.toLocaleLowerCase('it')} di ${teams} il ${data} dalle ${from} alle ${to}`,
  designations: 'Designazioni',
  designationsSaved: 'Designazioni salvate',
  none: 'Nessuno',
  uncoveredTitle: 'Partite scoperte',
  /** The empty panel, with its window's last day ('domenica 6 dicembre'). */
  uncoveredNoneUntil: (giorno: string) => `Nessuna partita scoperta fino a ${giorno}`,
  missing: (ruolo: string) => `Manca: ${ruolo.toLocaleLowerCase('it')}`,
  assign: 'Assegna',
  freePeople: 'Dirigenti liberi a quell’ora',
  noFreePeople: 'Nessun dirigente qualificato e libero a quell’ora',
  /** A designation save that failed; the 409 dialog's first line when only people clash. */
  designationsFailed: 'Salvataggio delle designazioni non riuscito',
  conflictIntro: 'Un dirigente è già impegnato in un’altra partita a quell’ora:',
  /** One role on the signed-in dashboard's card: 'Arbitro: Mario Rossi'. */
  designated: (ruolo: string, persona: string) => `${ruolo}: ${persona}`,
  /** The collapsed uncovered panel: its count. */
  uncoveredCountUntil: (n: number, giorno: string) => (n === 1 ? `1 partita senza designazioni fino a ${giorno}` : `${n} partite senza designazioni fino a ${giorno}`),
  /** The panel's choice of window. */
  uncoveredWindow: 'Periodo',
  /** The default window's choice, with its last day: 'Fino a domenica 6 dicembre'. */
  uncoveredUntil: (giorno: string) => `Fino a ${giorno}`,
  uncoveredDays: (n: number) => `${n} giorni`,
  uncoveredShow: 'Mostra',
  uncoveredHide: 'Nascondi',
  /** The accessible name of an assign button. */
  assignTo: (persona: string, ruolo: string, match: string) => `Assegna ${persona} come ${ruolo.toLocaleLowerCase('it')} di ${match}`,
  calendarLink: 'Calendario personale',
  calendarRevoke: 'Revoca il link del calendario',
  calendarRevoked: 'Link del calendario revocato: il vecchio indirizzo non funziona più',
  // The Dirigenti screen and its form (src/features/officials).
  loading: 'Caricamento dei dirigenti…',
  loadError: 'Impossibile caricare i dirigenti',
  count: (n: number) => (n === 1 ? '1 dirigente' : `${n} dirigenti`),
  empty: 'Nessun dirigente ancora: aggiungi chi arbitra, accompagna le squadre o assiste l’arbitro con «Nuovo dirigente».',
  emptyReader: 'Nessun dirigente ancora inserito.',
  noneFiltered: 'Nessun dirigente corrisponde ai filtri',
  search: 'Cerca per nome',
  allQualifiche: 'Tutte le qualifiche',
  stato: 'Stato',
  allStati: 'Tutti',
  soloAttivi: 'Attivi',
  soloNonAttivi: 'Non attivi',
  clearFilters: 'Azzera filtri',
  yes: 'Sì',
  no: 'No',
  /** On a phone, under the name of someone not active (the 'Attivo' column is hidden there). */
  notActive: 'Non attivo',
  noPhone: '—',
  noQualifiche: 'Nessuna qualifica',
  actions: 'Azioni',
  editOf: (persona: string) => `Modifica ${persona}`,
  displayedRows: (from: number, to: number, total: number) => `${from}-${to} di ${total}`,
  phoneHint: '9 o 10 cifre, facoltativo',
  tesseraHint: 'Facoltativo: stampato sulla distinta di gara',
  /** The list's card column, and a person without one. */
  noTessera: '—',
  tesseraColumn: 'Tessera',
  /** The card under the name on a phone. */
  tesseraOf: (n: string) => `Tessera ${n}`,
  attivoHint: 'Chi non è attivo resta in elenco ma non si può designare',
  saving: 'Salvataggio…',
  saveError: 'Impossibile salvare il dirigente',
  deleteTitle: 'Eliminare il dirigente?',
  deleteText: (persona: string) => `Vuoi eliminare ${persona} dall’elenco dei dirigenti? L’operazione non si può annullare.`,
  deleteConfirm: 'Elimina dirigente',
  deleting: 'Eliminazione…',
  deleteError: 'Impossibile eliminare il dirigente',
  calendarHint: 'Con questo indirizzo la persona vede le sue designazioni nel proprio calendario. Dallo solo a lei.',
  calendarLoading: 'Caricamento del link…',
  calendarError: 'Impossibile caricare il link del calendario',
  calendarCopy: 'Copia',
  calendarCopied: 'Link copiato',
  calendarCopyFailed: 'Copia non riuscita: seleziona il link e copialo a mano',
  calendarRevokeText: (persona: string) => `Il link attuale del calendario di ${persona} smetterà di funzionare e ne verrà creato uno nuovo, da dare di nuovo alla persona.`,
  calendarRevokeConfirm: 'Revoca il link',
  calendarRevoking: 'Revoca in corso…',
  retry: 'Riprova',
  calendarRevokeError: 'Impossibile revocare il link del calendario',
  activity: {
    created: (who: string) => `Dirigente creato: ${who}`,
    updated: (who: string) => `Dirigente modificato: ${who}`,
    deleted: (who: string) => `Dirigente eliminato: ${who}`,
    designations: (match: string) => `Designazioni modificate: ${match}`,
    tokenRevoked: (who: string) => `Link del calendario revocato: ${who}`,
    confirmed: (match: string) => `Sovrapposizioni di dirigenti confermate per ${match}`,
  },
  mail: {
    subjectRequest: (ruolo: string, teams: string, data: string) => `Designazione: ${ruolo} di ${teams} il ${data}`,
    subjectCancel: (ruolo: string, teams: string, data: string) => `Designazione annullata: ${ruolo} di ${teams} il ${data}`,
    /** An invitation sent again because the match changed (date, time, pitch, teams or status). */
    subjectUpdate: (ruolo: string, teams: string, data: string) => `Designazione aggiornata: ${ruolo} di ${teams} il ${data}`,
    greeting: (nome: string) => `Ciao ${nome},`,
    introRequest: (ruolo: string) => `ti è stata assegnata una designazione come ${ruolo.toLocaleLowerCase('it')} per questa partita:`,
    introUpdate: (ruolo: string) => `la partita per cui sei designato come ${ruolo.toLocaleLowerCase('it')} è cambiata; ecco i dati aggiornati:`,
    introCancel: (ruolo: string) => `la tua designazione come ${ruolo.toLocaleLowerCase('it')} per questa partita è stata annullata:`,
    /** A match cancelled, or whose date is to be set: its designation mail is a cancellation. */
    introMatchCancelled: (ruolo: string) => `la partita per cui sei designato come ${ruolo.toLocaleLowerCase('it')} è stata annullata o rinviata a data da definire:`,
    match: 'Partita',
    categoria: 'Categoria',
    data: 'Data',
    ora: 'Ora',
    campo: 'Campo',
    ruolo: 'Ruolo',
    attachmentRequest: "In allegato l'invito da aggiungere al tuo calendario.",
    attachmentCancel: "In allegato l'annullamento per togliere l'evento dal tuo calendario.",
  },
  /** The private feed of an official's designations (docs/calendar.md). */
  feed: {
    name: (club: string, persona: string) => `Designazioni ${club} - ${persona}`,
    summary: (ruolo: string, teams: string) => `${ruolo}: ${teams}`,
    unknownToken: 'Calendario non trovato: il link non esiste o è stato revocato',
    invalidQuery: 'Parametro non valido: il calendario personale non ne accetta',
  },
} as const;
