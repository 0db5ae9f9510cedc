/**
 * Names (teams, pitches, categories, referents) are single-line text: no control character at all,
 * line breaks and tabs included. One in a name split a CSV row in two, shifted its columns and
 * printed as a box in the PDFs. Multi-line fields (notes, motivo) are not checked with this.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export const isSingleLine = (value: string | null | undefined): boolean => !CONTROL.test(value ?? '');
