import { useEffect, useMemo } from 'react';
import { useWatch, type Control, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** Where a form keeps the server's refusal of a save: a react-hook-form root error, gone at the next submit. */
export const SERVER_ERROR = 'root.server' as const;

/** The first message of react-hook-form's errors, in the order the schema reported them (a root error included). */
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/**
 * After the first save attempt, every change validates the whole form again: each message follows
 * what is typed, also a row's that was added after the attempt (react-hook-form alone re-checks only
 * the changed field). The server's refusal stays until the next save.
 */
export function useRevalidateAfterSubmit<T extends FieldValues>(form: AnyForm<T>): void {
  const { subscribe, trigger } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true, isSubmitted: true },
        callback: ({ name, isSubmitted, values }) => {
          // Every field by name: trigger() without names would also drop the root (server) error.
          if (name && isSubmitted) void trigger(Object.keys(values) as Path<T>[]);
        },
      }),
    [subscribe, trigger],
  );
}

/** The server's refusal shown by the form goes away at the person's next change (while `enabled`). */
export function useClearServerErrorOnChange<T extends FieldValues>(form: AnyForm<T>, enabled = true): void {
  const { subscribe, clearErrors } = form;
  useEffect(
    () =>
      !enabled
        ? undefined
        : subscribe({
        formState: { values: true },
        callback: ({ name, errors }) => {
          if (name && errors?.root?.server) clearErrors(SERVER_ERROR);
        },
      }),
    [subscribe, clearErrors, enabled],
  );
}

/** What a schema needs to name a problem: zod's safeParse. */
interface Checks {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** The first problem of the whole form as typed, in the schema's order (live, untouched fields too); null when it may be saved. */
export function useSchemaProblem<T extends FieldValues, Out>(control: Control<T, unknown, Out>, schema: Checks): string | null {
  const values = useWatch({ control });
  return useMemo(() => {
    const result = schema.safeParse(values);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  }, [schema, values]);
}
