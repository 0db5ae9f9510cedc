import { z } from 'zod';
import { MSG } from './messages';

/**
 * zod, configured once with our Italian default messages. Every schema (SPA forms and server)
 * imports `z` from here, so a limit written without its own message (`.max(50)`) still answers
 * in Italian instead of zod's English "Too big: expected string to have <=50 characters".
 * Messages given in a schema keep priority over these defaults.
 */
const V = MSG.validation;

function bound(value: number | bigint, inclusive: boolean | undefined, step: -1 | 1): string {
  // max(50) is inclusive; lt(50) on integers means at most 49: show the figure the user may type.
  return String(inclusive === false && typeof value === 'number' && Number.isInteger(value) ? value + step : value);
}

export function italianIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'too_big': {
      const max = bound(issue.maximum as number | bigint, issue.inclusive, -1);
      if (issue.origin === 'string') return V.tooLong(max);
      if (issue.origin === 'array' || issue.origin === 'set') return V.tooManyItems(max);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return V.tooBig(max);
      return MSG.http.badRequest;
    }
    case 'too_small': {
      const min = bound(issue.minimum as number | bigint, issue.inclusive, 1);
      if (issue.origin === 'string') return min === '1' ? V.empty : V.tooShort(min);
      if (issue.origin === 'array' || issue.origin === 'set') return V.tooFewItems(min);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return V.tooSmall(min);
      return MSG.http.badRequest;
    }
    case 'unrecognized_keys':
      return MSG.http.unknownField(issue.keys.join(', '));
    default:
      return MSG.http.badRequest;
  }
}

z.config({ customError: (issue) => italianIssueMessage(issue) });

export { z };

/**
 * A UUID (users, error-log rows), read in lower case: the same id written in upper case is the same
 * row, and every rule that compares ids (your own account, say) compares the normalised one.
 */
export const uuidId = (message: string) => z.uuid({ error: message }).transform((id) => id.toLowerCase());
