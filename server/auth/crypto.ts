import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/bcrypt';
import { passwordTooLong } from '../../common/auth/password';

export const BCRYPT_COST = 10;

/** A random opaque token (refresh, recovery, invitation): 256 bits, URL-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256 (hex). */
export function sha256(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The child refresh token of `parent`: recomputable by whoever holds the parent, never stored. */
export function deriveChildToken(secret: string, parent: string, nonce: string): string {
  return crypto.createHmac('sha256', secret).update(`refresh:${parent}:${nonce}`).digest('base64url');
}

export function hashPassword(password: string): Promise<string> {
  if (passwordTooLong(password)) throw new Error('password over 72 bytes');
  return hash(password, { cost: BCRYPT_COST });
}

let dummyHash: Promise<string> | undefined;
/** Hash compared against when the account does not exist, so that both cases cost the same. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(randomToken(), { cost: BCRYPT_COST });
  return dummyHash;
}

/**
 * True when `password` matches `encoded`. Without a stored hash (unknown account, invited user
 * without a password) or with a password over 72 bytes (bcrypt would truncate it) it compares
 * against a dummy hash and answers false, taking the same time.
 */
export async function checkPassword(password: string, encoded: string | null | undefined): Promise<boolean> {
  const usable = !!encoded && encoded.startsWith('$2') && !passwordTooLong(password);
  if (!usable) {
    await verify(passwordTooLong(password) ? 'x' : password, await getDummyHash()).catch(() => false);
    return false;
  }
  try {
    return await verify(password, encoded);
  } catch {
    return false;
  }
}
