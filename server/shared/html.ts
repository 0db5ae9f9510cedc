// Text into HTML (the server's own pages and mails): the characters that could end a text or an
// attribute value become entities, so any stored text shows as written and never as markup.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` as HTML text or as a quoted attribute's value: & < > " ' escaped (null and undefined as ''). */
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** `value` as the text of an element only (never an attribute): & < > escaped, quotes left as they read. */
export const escapeText = (value: string) => value.replace(/[&<>]/g, (c) => ENTITIES[c]);
