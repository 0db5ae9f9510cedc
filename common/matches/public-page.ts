/**
 * Wording of the public page on a phone (docs/public-page.md): the collapsed filters, the Italian date filter
 * and the offline notice. Kept out of common/core/messages.ts, which sits in every screen's bundle.
 */
export const PUBLIC_MSG = {
  /** The button that opens the filters under 600 px; the count of active filters follows in a badge. */
  filtersButton: 'Filtri',
  /** Read after the badge's number by screen readers only ('Filtri 2 filtri attivi'). */
  filtersCountSuffix: (n: number) => (n === 1 ? 'filtro attivo' : 'filtri attivi'),
  /** Where the filter fields appear while their code loads (the server's page of / shows it too). */
  filtersLoading: 'Caricamento filtri...',
  /** Placeholder of the date filter, as on the match form's picker. */
  datePlaceholder: 'gg/mm/aaaa',
  /** Shown when the list comes from the copy kept on the phone (service worker). */
  offline: (hhmm: string) => `Non in linea - dati aggiornati alle ${hhmm}`,
  /** Under the cards when the list has more than those shown: loads the next page (docs/public-page.md). */
  showMore: 'Mostra altre partite',
  /** The same button while the next page loads. */
  loadingMore: 'Caricamento altre partite...',
  /** Beside the button when the next page could not be loaded (a press tries again). */
  moreFailed: 'Impossibile caricare altre partite - riprova',
} as const;

/**
 * Matches per page of the public list (docs/public-page.md): the page of / carries the first PUBLIC_PAGE_SIZE cards,
 * 'Mostra altre partite' fetches the next ones (GET /api/partite/public?offset=&limit=), whatever the season holds.
 */
export const PUBLIC_PAGE_SIZE = 60;
/** The most matches one GET /api/partite/public answers (`limit`, 1 to this; PUBLIC_PAGE_SIZE when absent). */
export const PUBLIC_LIMIT_MAX = 200;
/** The highest `offset` of GET /api/partite/public. */
export const PUBLIC_OFFSET_MAX = 100_000;

/**
 * A public list older than this (by the server's clock when it was produced) came from the copy kept on
 * the phone (service worker): the page says so ('Non in linea - dati aggiornati alle HH:MM').
 */
/** The service worker's cache holding the last server page of / (vite.config.ts, src/app/serviceWorker.ts). */
export const PUBLIC_PAGE_CACHE = 'pagina-pubblica';

export const PUBLIC_STALE_AFTER_MS = 5 * 60_000;
