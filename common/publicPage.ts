/**
 * Wording of the public page on a phone (issue 13): the collapsed filters, the Italian date filter
 * and the offline notice. Kept out of common/messages.ts, which sits in every screen's bundle.
 */
export const PUBLIC_MSG = {
  /** The button that opens the filters under 600 px; the count of active filters follows in a badge. */
  filtersButton: 'Filtri',
  filtersButtonLabel: (n: number) => (n === 0 ? 'Filtri, nessun filtro attivo' : n === 1 ? 'Filtri, 1 filtro attivo' : `Filtri, ${n} filtri attivi`),
  /** Placeholder of the date filter, as on the match form's picker. */
  datePlaceholder: 'gg/mm/aaaa',
  /** Shown when the list comes from the copy kept on the phone (service worker). */
  offline: (hhmm: string) => `Non in linea - dati aggiornati alle ${hhmm}`,
} as const;
