import { useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from '../../common/core/zod';

/**
 * react-hook-form's zodResolver over one of the shared schemas of common/ (the server's own, with its
 * Italian messages), typed for a form that holds every field ('' or null while unset: the schema
 * names what is missing); a valid submit gets the schema's output, what the server is sent.
 */
export function schemaResolver<Values extends FieldValues, Output>(schema: z.ZodType<Output, FieldValues>): Resolver<Values, unknown, Output> {
  return zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;
}

/**
 * The forms name their first problem as the person types (docs/screens.md): after a change of any
 * value, the whole form is validated again with its resolver (react-hook-form alone validates only the
 * changed field), so `formState.errors` holds the schema's whole answer in the schema's order.
 * `fromStart`: validated once on opening too (an edit form shows a stored problem at once). A change
 * of `rules` (the resolver, when the club's settings arrive) validates again a form already validated.
 */
export function useValidateOnEveryChange<T extends FieldValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output
  form: UseFormReturn<T, any, any>,
  rules: unknown,
  fromStart = false,
): void {
  const { subscribe, trigger } = form;
  const validated = useRef(false);
  useEffect(() => {
    if (fromStart) {
      validated.current = true;
      void trigger();
    }
    return subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        // A field's change (typed, picked, or set by the form); a reset (no name) starts over quiet.
        if (!name) return;
        validated.current = true;
        void trigger();
      },
    });
  }, [subscribe, trigger, fromStart]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (validated.current) void trigger();
  }, [rules, trigger]);
}

/** The first message of react-hook-form's errors in the order the schema reported them (an issue of the whole form included). */
export function firstErrorMessage(errors: FieldErrors): string | null {
  return firstMessage(errors);
}

function firstMessage(node: unknown): string | null {
  if (!node || typeof node !== 'object') return null;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, child] of Object.entries(node)) {
    // `ref` is the field's element; `types` repeats the messages (criteriaMode 'all').
    if (key === 'ref' || key === 'types') continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return null;
}
