// The occupancy board's name (issue 15), alone so the navigation bar can show it without loading
// the clash rule and its messages (common/clashes.ts), which only the board and the forms need.
export const OCCUPANCY_LABEL = 'Occupazione campi';
