import type { FastifyRequest } from 'fastify';
import { MSG } from '../../common/core/messages';
import { INVISIBLE_TEXT } from '../../common/core/text';
import { badRequest } from './errors';

/**
 * One gate for the text of every request, before any route reads it: body, query string and path
 * parameters (values and keys). NUL and the other C0 control characters (tab, line feed and carriage
 * return aside: notes, reasons and pasted spreadsheets have them; which fields must be single-line is
 * each schema's rule), DEL, the C1 controls, U+2028/2029, the bidirectional controls (INVISIBLE_TEXT
 * in common/core/text.ts) and lone UTF-16 surrogates are refused with an Italian 400, and so is JSON
 * nested deeper than MAX_INPUT_DEPTH, walked without recursion: nothing of it reaches the database, a
 * recursive reader or the error log.
 */
export const MAX_INPUT_DEPTH = 64;

/** INVISIBLE_TEXT (common/core/text.ts), or a lone surrogate. */
const FORBIDDEN = new RegExp(`${INVISIBLE_TEXT.source}|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]`);

/** The message for the first thing wrong in `input`, or null when it may pass. */
export function textProblem(input: unknown): string | null {
  const stack: Array<[unknown, number]> = [[input, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (FORBIDDEN.test(value)) return MSG.http.controlCharacters;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return MSG.http.tooDeep;
      if (Buffer.isBuffer(value)) continue;
      for (const [key, item] of Object.entries(value)) {
        if (FORBIDDEN.test(key)) return MSG.http.controlCharacters;
        stack.push([item, depth + 1]);
      }
    }
  }
  return null;
}

/** The preValidation hook of the gate. */
export async function textGate(request: FastifyRequest): Promise<void> {
  const problem = textProblem(request.params) ?? textProblem(request.query) ?? textProblem(request.body);
  if (problem) throw badRequest(problem);
}
