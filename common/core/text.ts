/**
 * Names (teams, pitches, categories, referents) are single-line text: no control character at all,
 * line breaks and tabs included. One in a name split a CSV row in two, shifted its columns and
 * printed as a box in the PDFs. Nor any character that cannot be seen and changes what is seen: the
 * C1 controls (U+0080-009F), the line and paragraph separators (U+2028/2029) and the bidirectional
 * marks, embeddings, overrides and isolates (U+200E/200F, U+202A-202E, U+2066-2069): a U+202E in a
 * team's name shows everything after it reversed, on screens, sheets, feeds and mails.
 * Multi-line fields (notes, motivo) allow tab and line feed and nothing else of these (INVISIBLE_TEXT).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export const isSingleLine = (value: string | null | undefined): boolean => !CONTROL.test(value ?? '');

/**
 * What no text of any request may hold (the server's text gate, server/shared/text-gate.ts): every
 * control character but tab, line feed and carriage return (pasted spreadsheets have them), the C1
 * controls, the line and paragraph separators and the bidirectional controls, as for names.
 */
// eslint-disable-next-line no-control-regex
export const INVISIBLE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
