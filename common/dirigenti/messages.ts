// The Italian texts of the club's officials and their designations (docs/dirigenti.md). Imports
// nothing: the navigation loads it without the rules.

export const DIRIGENTI_LABEL = 'Dirigenti';

/** What an official may do for the club. */
export const QUALIFICA_LABELS = {
  arbitro: 'Dirigente arbitro',
  accompagnatore: 'Dirigente accompagnatore',
  addetto_arbitro: "Addetto all'arbitro",
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
  fields: { nome: 'Nome', cognome: 'Cognome', email: 'Email', telefono: 'Telefono', qualifiche: 'Qualifiche', attivo: 'Attivo' },
  invalid: {
    nome: 'Il nome è obbligatorio',
    cognome: 'Il cognome è obbligatorio',
    email: 'Inserisci un indirizzo email valido',
    telefono: 'Il numero di telefono deve essere di 9 o 10 cifre',
    qualifiche: 'Qualifica non valida',
    testo: (campo: string) => `${campo}: il testo deve stare su una riga (niente a capo né tabulazioni)`,
    lungo: (campo: string, max: number) => `${campo}: al massimo ${max} caratteri`,
    attivo: 'Attivo deve essere vero o falso',
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
  /** The referee may hold no other role in the same match (docs/dirigenti.md). */
  refereeAlone: "L'arbitro non può avere un altro ruolo nella stessa partita",
  /** 409 of a designation that puts someone in two places. */
  conflict: 'Un dirigente è già designato per un’altra partita a quell’ora: conferma per salvare comunque',
  clash: (persona: string, ruolo: string, teams: string, from: string, to: string, data: string) =>
    `${persona} è già ${ruolo.toLocaleLowerCase('it')} di ${teams} il ${data} dalle ${from} alle ${to}`,
  designations: 'Designazioni',
  designationsSaved: 'Designazioni salvate',
  none: 'Nessuno',
  uncoveredTitle: 'Partite scoperte',
  uncoveredNone: 'Tutte le partite dei prossimi giorni hanno le designazioni',
  missing: (ruolo: string) => `Manca: ${ruolo.toLocaleLowerCase('it')}`,
  assign: 'Assegna',
  freePeople: 'Dirigenti liberi a quell’ora',
  noFreePeople: 'Nessun dirigente qualificato e libero a quell’ora',
  calendarLink: 'Calendario personale',
  calendarRevoke: 'Revoca il link del calendario',
  calendarRevoked: 'Link del calendario revocato: il vecchio indirizzo non funziona più',
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
  },
} as const;
