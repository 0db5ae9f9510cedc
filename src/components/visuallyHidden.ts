/** Text for screen readers only (a button's count, a card's day under its heading); plain sx, so the public page's bundle needs nothing more. */
export const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
