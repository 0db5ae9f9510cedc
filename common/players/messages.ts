// The Italian texts of the players and their papers (docs/players.md): the API's answers, the
// validation of the player form, the expiry panel and the activity records. Imports nothing.

export const GIOCATORI_LABEL = 'Giocatori';

/** 'dd/mm/yyyy' of an ISO date. */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const GIOCATORI_MSG = {
  title: GIOCATORI_LABEL,
  fields: {
    nome: 'Nome',
    cognome: 'Cognome',
    dataNascita: 'Data di nascita',
    gruppo: 'Categoria',
    numeroTessera: 'Numero di tessera',
    certificato: 'Certificato medico',
    tipo: 'Tipo di certificato',
    scadenza: 'Scadenza del certificato',
    squalificatoFino: 'Squalificato fino al',
    contatti: 'Contatti',
    note: 'Note',
    contattoNome: 'Nome del contatto',
    relazione: 'Relazione',
    email: 'Email',
    telefono: 'Telefono',
  },
  tipi: { agonistico: 'Agonistico', non_agonistico: 'Non agonistico' },
  invalid: {
    nome: 'Il nome è obbligatorio',
    cognome: 'Il cognome è obbligatorio',
    gruppo: 'La categoria è obbligatoria',
    lungo: (campo: string, max: number) => `${campo}: al massimo ${max} caratteri`,
    riga: (campo: string) => `${campo}: il testo deve stare su una riga (niente a capo né tabulazioni)`,
    testo: (campo: string) => `${campo}: il testo contiene caratteri non ammessi`,
    data: (campo: string) => `${campo}: la data deve essere nel formato aaaa-mm-gg`,
    nascitaFutura: 'La data di nascita deve essere nel passato',
    nascitaAntica: 'La data di nascita deve essere successiva al 1900',
    tessera: 'Numero di tessera: solo lettere, cifre, spazi e i segni / . -',
    tipo: 'Il tipo di certificato deve essere agonistico o non agonistico',
    certificato: 'Il certificato medico deve avere tipo e scadenza',
    contatti: (max: number) => `Un giocatore può avere al massimo ${max} contatti`,
    contatto: 'Contatto non valido',
    contattoNome: (n: number) => `Il nome del contatto ${n} è obbligatorio`,
    contattoCampo: (n: number, campo: string) => `Contatto ${n}, ${campo.toLocaleLowerCase('it')}`,
    email: (n: number) => `Contatto ${n}: inserisci un indirizzo email valido`,
    telefono: (n: number) => `Contatto ${n}: il numero di telefono deve essere di 9 o 10 cifre`,
    scadenzaEntro: 'scadenzaEntro deve essere un numero di giorni da 0 a 366',
    filtroGruppo: 'Categoria non valida',
    gruppiSeguiti: 'Indica le categorie seguite (gruppi) oppure tutte: true',
    gruppoSeguito: 'Nome di categoria non valido',
    troppe: (max: number) => `Al massimo ${max} categorie`,
    periodo: 'Periodo non valido: dal e al devono essere date aaaa-mm-gg, dal non dopo al, al massimo 62 giorni',
  },
  /** A player under 18 whom nobody can be asked about: saved all the same. */
  nessunContatto: 'Nessun contatto raggiungibile (email o telefono) per un giocatore minorenne',
  notFound: 'Giocatore non trovato',
  unknownGruppo: (nome: string) => `La categoria "${nome}" non esiste`,
  unknownGruppi: (nomi: string) => `Categorie inesistenti: ${nomi}`,
  /** A user who does not follow the category (docs/players.md, who sees what). */
  notFollowed: (nome: string) => `Non segui la categoria "${nome}": chiedi a un amministratore di aggiungerla alle tue categorie`,
  forbiddenWrite: 'Non hai i permessi per modificare i giocatori',
  forbiddenErase: 'Solo un amministratore può cancellare un giocatore',
  forbiddenExport: 'Solo un amministratore può esportare i dati di un giocatore',
  forbiddenReview: "Solo un amministratore può vedere l'elenco dei giocatori da rimuovere",
  forbiddenTies: 'Non hai i permessi per cambiare le categorie seguite',
  /** 409 of a category delete while it has players. */
  gruppoConGiocatori: 'Impossibile eliminare la categoria: ha ancora dei giocatori. Spostali in un’altra categoria o cancellali prima.',
  /** What stays of an erased player in a record that must stay (docs/players.md, erasure). */
  rimosso: 'Giocatore rimosso',
  created: 'Giocatore aggiunto',
  updated: 'Giocatore aggiornato',
  erased: 'Giocatore cancellato: i suoi dati sono stati eliminati',
  /** The expiry panel's reasons. */
  motivi: {
    scaduto: 'Certificato scaduto',
    in_scadenza: 'Certificato in scadenza',
    certificato_mancante: 'Certificato mancante',
    tipo_non_valido: 'Serve il certificato agonistico',
    tessera_mancante: 'Tessera mancante',
  },
  scadeIl: (iso: string) => `Scade il ${dmy(iso)}`,
  scadutoIl: (iso: string) => `Scaduto il ${dmy(iso)}`,
  /** A match card's flag (docs/players.md, expiry alerts): players whose certificate will not cover the match day. */
  cardFlag: (n: number) => (n === 1 ? '1 giocatore non idoneo' : `${n} giocatori non idonei`),
  cardFlagHint: 'Certificato medico scaduto, mancante o non adatto all’età il giorno della partita',
  /** The referents' weekly digest (docs/notifications.md): one line per certificate expired or expiring, the name and the date only. */
  digest: {
    title: 'Certificati medici da rinnovare:',
    scaduto: (nome: string, iso: string) => `- Certificato scaduto: ${nome}, il ${dmy(iso)}`,
    inScadenza: (nome: string, iso: string) => `- Certificato in scadenza: ${nome}, il ${dmy(iso)}`,
  },
  /** 'Da rimuovere': why a player is proposed for erasure. */
  daRimuovere: {
    categoria_inattiva: 'Categoria senza partite né allenamenti da 12 mesi',
    non_aggiornato: 'Scheda ferma da 12 mesi, certificato scaduto o mancante',
  },
  users: {
    tiesUpdated: (email: string) => `Categorie seguite da ${email} aggiornate`,
    tutte: 'Tutte le categorie',
    nessuna: 'nessuna categoria',
  },
  import: {
    tooMany: (max: number) => `Puoi importare al massimo ${max} giocatori per volta`,
    empty: 'Nessun giocatore da importare',
    /** The preview of the import (the SPA reads the rows before sending them). */
    tipo: (raw: string) => `Tipo di certificato "${raw}" non riconosciuto: scrivi agonistico o non agonistico`,
    data: (campo: string, raw: string) => `${campo}: data "${raw}" non valida (gg/mm/aaaa o aaaa-mm-gg)`,
    colonne: 'Colonne attese: nome, cognome, dataNascita, gruppo, numeroTessera, certificato (tipo), scadenza',
  },
  /** Activity records name no player (docs/players.md): the id and the category only. */
  activity: {
    listed: (what: string, n: number) => `Elenco giocatori letto: ${what} (${n === 1 ? '1 giocatore' : `${n} giocatori`})`,
    tutte: 'tutte le categorie seguite',
    expiries: (n: number) => `Scadenze dei giocatori lette (${n === 1 ? '1 avviso' : `${n} avvisi`})`,
    review: (n: number) => `Elenco dei giocatori da rimuovere letto (${n === 1 ? '1 giocatore' : `${n} giocatori`})`,
    created: (id: number, gruppo: string) => `Giocatore aggiunto (id ${id}, ${gruppo})`,
    updated: (id: number, gruppo: string) => `Giocatore aggiornato (id ${id}, ${gruppo})`,
    erased: (id: number) => `Giocatore rimosso (id ${id}): dati cancellati`,
    exported: (id: number) => `Dati del giocatore esportati (id ${id})`,
    imported: (n: number, gruppi: string) => `Importati ${n === 1 ? '1 giocatore' : `${n} giocatori`}: ${gruppi}`,
    ties: (email: string, what: string) => `Categorie seguite da ${email}: ${what}`,
  },
} as const;
