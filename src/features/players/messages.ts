// The Italian texts of the 'Giocatori' screen that only the SPA shows (the player form's validation, the
// reasons of the expiry panel and the API's answers are in common/players/messages.ts). To move into
// common/players/messages.ts beside them.
import { countOf } from '../../../common/core/plural';

/** 'dd/mm/yyyy' of an ISO date. */
export const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

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
