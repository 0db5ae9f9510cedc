// The 'Aggiungi al calendario' button's label on its own: the button sits on the public page,
// whose start-up code must not carry the dialog's texts (common/calendar/rules.ts, loaded with the dialog).
export const CALENDAR_BUTTON = 'Aggiungi al calendario';
