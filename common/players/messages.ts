// The Italian texts of the players and their papers (docs/players.md): the API's answers, the
// validation of the player form, the expiry panel, the activity records, and the texts of the
// 'Giocatori' screen (PLAYERS_UI) and of 'Categorie seguite' in Gestione Utenti (FOLLOWED_MSG).
// Imports nothing.

export const GIOCATORI_LABEL = 'Giocatori';

/** A count with its noun, as common/core/plural.ts says it (the plural for zero too). */
const countOf = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** 'dd/mm/yyyy' of an ISO date. */
export const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

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

/** The texts of the 'Giocatori' screen (src/features/players/). */
export const PLAYERS_UI = {
  loading: 'Caricamento giocatori...',
  loadError: 'Impossibile caricare i giocatori',
  count: (n: number) => countOf(n, 'giocatore', 'giocatori'),
  displayedRows: (from: number, to: number, total: number) => `${from}-${to} di ${total}`,
  add: 'Aggiungi giocatore',
  edit: 'Modifica giocatore',
  editOf: (name: string) => `Modifica ${name}`,
  empty: 'Nessun giocatore nelle categorie che segui. Aggiungi il primo con «Aggiungi giocatore».',
  emptyReader: 'Nessun giocatore nelle categorie che segui.',
  noneFiltered: 'Nessun giocatore corrisponde ai filtri.',
  categoryPicker: 'Categoria',
  allCategories: 'Tutte le categorie',
  categoryOption: (name: string, n: number) => `${name} (${n})`,
  search: 'Cerca per nome o tessera',
  stateFilter: 'Certificato',
  allStates: 'Tutti',
  clearFilters: 'Azzera filtri',
  /** The counts over the category's players; each one is also a filter. */
  counts: {
    valido: 'Validi',
    in_scadenza: 'In scadenza (30 giorni)',
    scaduto: 'Scaduti o non validi',
    mancante: 'Mancanti',
  },
  countFilterHint: 'Mostra solo questi giocatori (di nuovo: tutti)',
  columns: {
    giocatore: 'Giocatore',
    gruppo: 'Categoria',
    dataNascita: 'Nato il',
    numeroTessera: 'Tessera',
    certificato: 'Certificato',
    squalifica: 'Squalifica',
    contatti: 'Contatti',
    actions: 'Azioni',
  },
  /** The certificate chip (the state on the club's today). */
  chip: {
    valido: (iso: string) => `Valido fino al ${dmy(iso)}`,
    in_scadenza: (iso: string) => `Scade il ${dmy(iso)}`,
    scaduto: (iso: string) => `Scaduto il ${dmy(iso)}`,
    tipo_non_valido: 'Serve l’agonistico',
    /** Valid today, no longer enough from the season starting within 30 days. */
    tipo_in_scadenza: (iso: string) => `Serve l’agonistico dal ${dmy(iso)}`,
    mancante: 'Mancante',
  },
  noTessera: 'Manca',
  squalificatoFino: (iso: string) => `Squalificato fino al ${dmy(iso)}`,
  /** The suspension's chip, under the column 'Squalifica'. */
  squalificaFino: (iso: string) => `Fino al ${dmy(iso)}`,
  contacts: (n: number) => countOf(n, 'contatto', 'contatti'),
  noContacts: 'Nessuno',
  /** The 'Scadenze' panel. */
  expiry: {
    title: 'Scadenze',
    titleCount: (n: number) => `Scadenze (${n})`,
    intro: 'Certificati scaduti o in scadenza entro 30 giorni e tessere mancanti, nelle categorie che segui.',
    none: 'Nessuna scadenza: certificati e tessere sono in ordine.',
    showAll: (n: number) => `Mostra tutte (${n})`,
    showLess: 'Mostra meno',
    dal: (iso: string) => `dal ${dmy(iso)}`,
    open: (name: string) => `Apri la scheda di ${name}`,
  },
  /** The player form. */
  form: {
    addTitle: 'Nuovo giocatore',
    editTitle: 'Modifica giocatore',
    save: 'Salva',
    saving: 'Salvataggio...',
    saveAndAddAnother: 'Salva e aggiungi un altro',
    savedAnother: (name: string) => `${name} aggiunto. Inserisci il prossimo giocatore.`,
    cancel: 'Annulla',
    saveError: 'Impossibile salvare il giocatore',
    nessunCertificato: 'Nessuno',
    tesseraHint: 'Tessera o matricola federale',
    noteHint: 'Solo note organizzative: nessun dato sanitario',
    richiesto: { agonistico: 'Per l’età serve il certificato agonistico', non_agonistico: 'Per l’età basta il certificato non agonistico' },
    contatti: 'Genitori o tutori',
    contattiHint: 'Fino a 3 contatti. Per un minorenne serve almeno un’email o un telefono.',
    contatto: (n: number) => `Contatto ${n}`,
    addContact: 'Aggiungi contatto',
    removeContact: (n: number) => `Rimuovi il contatto ${n}`,
    relazioneHint: 'Es. madre, padre, tutore',
  },
  /** What only an administrator does: a person's rights (docs/players.md). */
  admin: {
    export: 'Esporta dati',
    exporting: 'Esportazione...',
    exported: 'Dati del giocatore scaricati',
    exportError: 'Impossibile esportare i dati del giocatore',
    exportFile: (id: number, day: string) => `giocatore_${id}_${day}.json`,
    erase: 'Elimina',
    eraseTitle: 'Cancellare il giocatore per sempre?',
    eraseText: (name: string) =>
      `I dati di ${name} saranno cancellati per sempre: anagrafica, tessera, certificato, squalifica, contatti e note. Nello storico resterà solo «Giocatore rimosso». L’operazione non si può annullare.`,
    eraseConfirm: 'Cancella per sempre',
    erasing: 'Cancellazione...',
    eraseError: 'Impossibile cancellare il giocatore',
    eraseOf: (name: string) => `Elimina ${name}`,
  },
  /** 'Importa giocatori' (editors and administrators): a CSV file or pasted cells, a preview, then one import. */
  import: {
    open: 'Importa giocatori',
    title: 'Importa giocatori',
    intro:
      'Scegli un file CSV o incolla le celle da un foglio di calcolo. Colonne: nome, cognome, data di nascita (gg/mm/aaaa o aaaa-mm-gg), categoria, numero di tessera, tipo di certificato (agonistico o non agonistico), scadenza. La prima riga può contenere i nomi delle colonne.',
    chooseFile: 'Scegli file CSV',
    pasteLabel: 'Oppure incolla qui le celle',
    read: 'Leggi',
    fromFile: (name: string) => `File: ${name}`,
    columns: { riga: 'Riga', giocatore: 'Giocatore', dataNascita: 'Nato il', gruppo: 'Categoria', numeroTessera: 'Tessera', certificato: 'Certificato', problemi: 'Problemi' },
    previewLabel: 'Anteprima dei giocatori da importare',
    ok: 'OK',
    none: 'Nessuna riga da importare: il file o le celle sono vuoti.',
    ready: (n: number) => `${countOf(n, 'giocatore pronto', 'giocatori pronti')} per l’importazione.`,
    withProblems: (n: number, total: number) => `${n} ${n === 1 ? 'riga' : 'righe'} su ${total} con problemi: correggile e leggi di nuovo. Nessun giocatore viene importato finché ci sono problemi.`,
    tooMany: (max: number) => `Al massimo ${max} giocatori per volta: dividi il file.`,
    submit: (n: number) => `Importa ${countOf(n, 'giocatore', 'giocatori')}`,
    submitting: 'Importazione...',
    cancel: 'Annulla',
    done: (n: number) => `${n === 1 ? 'Importato 1 giocatore' : `Importati ${n} giocatori`}`,
    error: 'Importazione non riuscita, nessun giocatore importato',
  },
  /** 'Da rimuovere' (administrators): the yearly review of the players to erase. */
  review: {
    open: 'Da rimuovere',
    title: 'Giocatori da rimuovere',
    intro: 'Giocatori di categorie non più attive o con la scheda ferma da 12 mesi. Niente viene cancellato da solo: elimina ciascuno dopo averlo verificato.',
    loading: 'Caricamento...',
    loadError: 'Impossibile caricare l’elenco dei giocatori da rimuovere',
    retry: 'Riprova',
    none: 'Nessun giocatore da rimuovere.',
    aggiornatoIl: (when: string) => `Ultima modifica: ${when}`,
    close: 'Chiudi',
  },
} as const;

/** 'Categorie seguite' in Gestione Utenti (docs/players.md, who sees what). */
export const FOLLOWED_MSG = {
  column: 'Categorie seguite',
  none: 'Nessuna',
  tutte: GIOCATORI_MSG.users.tutte,
  /** An administrator sees every player whatever is stored. */
  admin: 'Tutte (amministratore)',
  editOf: (email: string) => `Modifica le categorie seguite da ${email}`,
  title: 'Categorie seguite',
  intro: (email: string) => `Le categorie di cui ${email} vede i giocatori (e le loro scadenze). Nessun altro dato cambia.`,
  adminNote: 'È un amministratore: vede comunque tutti i giocatori. Le categorie scelte contano se il ruolo cambia.',
  allSwitch: 'Tutte le categorie, anche quelle create in futuro',
  pick: 'Categorie',
  noCategories: 'Non ci sono ancora categorie.',
  loadError: 'Impossibile caricare le categorie',
  save: 'Salva',
  saving: 'Salvataggio...',
  cancel: 'Annulla',
} as const;
