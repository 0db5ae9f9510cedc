import { notFound } from './errors';

/** The largest PostgreSQL integer: serial ids never go past it. */
export const MAX_ID = 2_147_483_647;

/**
 * A numeric id from the URL (`/partite/:id`, `/gruppi/:id`): a positive integer written without
 * sign, decimals or leading zeros, at most MAX_ID. Anything else names no row: 404 with the
 * caller's message, as a well-formed id that does not exist.
 */
export function parseId(raw: unknown, notFoundMessage: string): number {
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw)) throw notFound(notFoundMessage);
  const n = Number(raw);
  if (n > MAX_ID) throw notFound(notFoundMessage);
  return n;
}
