// The navigation label of the import screen on its own: the bar must not carry the parser
// (common/import/rules.ts, loaded with the /importa screen).
export const IMPORT_NAV_LABEL = 'Importa partite';
