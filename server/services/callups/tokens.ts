// The families' links (docs/callups.md, links): `${PUBLIC_URL}/c/{token}`, one per player and call-up.
// The token is an HMAC-SHA256, under a key derived from the server's secret, of 128 random bits kept
// with the called player's row (token_sale, node:crypto); only its SHA-256 is stored (token_hash), which
// is how a link finds its row. So the queue and the database hold no link: the worker writes it into
// each mail when it sends it, the same link every time (reminders and re-asks too).
import crypto from 'node:crypto';

/** 128 bits: the random part of a link. */
export const SALT_BYTES = 16;
/** A token as written in a link: 32 bytes of HMAC in base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const keys = new Map<string, Buffer>();
/** The links' own key, derived from the server's secret (never the secret itself). */
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.createHmac('sha256', secret).update('convocazioni:link').digest();
    keys.set(secret, key);
  }
  return key;
}

export const newSalt = (): Buffer => crypto.randomBytes(SALT_BYTES);

/** The token of a row's salt. */
export const tokenOf = (secret: string, salt: Buffer): string => crypto.createHmac('sha256', keyOf(secret)).update(salt).digest('base64url');

/** What is stored of a token: its SHA-256. */
export const hashOf = (token: string): Buffer => crypto.createHash('sha256').update(token, 'utf8').digest();

/** A new row's salt and the hash of its token. */
export function newToken(secret: string): { salt: Buffer; hash: Buffer } {
  const salt = newSalt();
  return { salt, hash: hashOf(tokenOf(secret, salt)) };
}

/** The family's link. */
export const answerUrl = (publicUrl: string, token: string) => `${publicUrl}/c/${token}`;
