// The dashboards' wording (docs/matches.md), in a module of its own: the public page's start-up bundle imports
// only this, not the whole catalogue (docs/public-page.md). MSG.dashboard and MSG.match's option labels are these.

export const DASHBOARD_MSG = {
  publicTitle: 'Dashboard Partite Garibaldina',
  title: 'Dashboard Partite',
  resetFilters: 'Reset Filtri',
  upcoming: (count: number) => `Prossime Partite (${count})`,
  noMatches: 'Nessuna partita programmata',
  noFilteredMatches: 'Nessuna partita corrisponde ai filtri selezionati',
  // The first steps of a fresh install (docs/screens.md).
  firstMatch: 'Inizia dalla prima partita: data, ora, squadre, campo e categoria.',
  firstCategory: 'Per aggiungere partite serve almeno una categoria (Pulcini, Esordienti...): creala per prima.',
  createCategory: 'Crea una categoria',
  firstCategoryAskAdmin: 'Per aggiungere partite serve almeno una categoria: chiedi a un amministratore di crearla.',
  fallback: 'Errore nel caricamento dal database. Mostrando dati di esempio.',
  // The badge of each sample card (they cannot be opened or selected; docs/matches.md, reading).
  sample: 'Esempio',
  loginToEdit: 'Effettua il login per modificare le partite',
  home: 'CASA',
  // Not in the spec: the labels of the dashboards.
  login: 'Login',
  filters: 'Filtri',
  refresh: 'Aggiorna',
  loading: 'Caricamento partite...',
  activeFilters: (n: number) => (n === 1 ? '1 filtro attivo' : `${n} filtri attivi`),
  addMatch: 'Aggiungi Partita',
  all: 'Tutti',
  away: 'TRASFERTA',
  vs: 'vs',
  dressingRooms: 'Spogliatoi',
  dressingRoomClub: 'Garibaldina',
  dressingRoomGuests: 'Ospiti',
  filterLabels: {
    data: 'Data',
    ora: 'Ora',
    squadracasa: 'Squadra di casa',
    gruppo: 'Categoria',
    squadratrasferta: 'Squadra ospite',
    campo: 'Campo',
    terreno: 'Terreno',
    tipoGara: 'Tipo gara',
  },
  loadFailed: 'Errore nel caricamento delle partite',
} as const;

/** The options of a match's fields (docs/matches.md) as shown on cards, filters and forms. */
export const MATCH_OPTION_MSG = {
  tipoGara: { campionato: 'Campionato', torneo: 'Torneo', amichevole: 'Amichevole' },
  terrenoLabel: { erba: 'Erba', sintetico: 'Sintetico' },
} as const;
