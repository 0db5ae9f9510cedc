// The occupancy board's name (docs/occupancy.md), alone so the navigation bar can show it without loading
// the clash rule and its messages (common/occupancy/rules.ts), which only the board and the forms need.
export const OCCUPANCY_LABEL = 'Occupazione campi';

/** Default changeover margin of a changing room, in minutes (CLASH_MARGIN_MINUTES); here so the SPA's config can name it without the rule. */
export const DEFAULT_CLASH_MARGIN_MINUTES = 15;
/** The largest CLASH_MARGIN_MINUTES the server accepts. */
export const MAX_CLASH_MARGIN_MINUTES = 120;
