import { useEffect, useMemo, useState } from 'react';
import { useFormState, useWatch, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from '../../../common/core/zod';

/**
 * react-hook-form's zodResolver over one of the shared schemas of common/ (the server's own, with its
 * Italian messages), typed for a form that holds every field ('' or null while unset: the schema
 * names what is missing); a valid submit gets the schema's output, what the server is sent.
 */
export function schemaResolver<Values extends FieldValues, Output>(schema: z.ZodType<Output, FieldValues>): Resolver<Values, unknown, Output> {
  return zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;
}

export interface SchemaCheck {
  /** The values pass the schema: the save may go. */
  valid: boolean;
  /** The first problem in words, once the form was changed or a save tried (or from the start with `fromStart`). */
  problem: string | null;
  /** Whether the schema finds a problem in this field. */
  wrong: (field: string) => boolean;
}

/**
 * The form's values checked with its schema as they are typed (docs/screens.md): the save button and
 * the warning follow every change in the same render. react-hook-form validates through the resolver
 * a moment later (it awaits it), which is what the submit uses; a button that lagged behind the last
 * keystroke would refuse a click. `fromStart`: the problem shows before any change (an edit form).
 */
export function useSchemaCheck<T extends FieldValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output
  form: UseFormReturn<T, any, any>,
  schema: z.ZodType,
  fromStart = false,
): SchemaCheck {
  const { control, subscribe } = form;
  const values = useWatch({ control });
  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const [changed, setChanged] = useState(fromStart);
  const { submitCount } = useFormState({ control });
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          // A field's change (typed, picked, or set by the form); a reset (no name) is not one.
          if (name) setChanged(true);
        },
      }),
    [subscribe],
  );
  const issues = result.success ? [] : result.error.issues;
  return {
    valid: result.success,
    problem: changed || submitCount > 0 ? (issues[0]?.message ?? null) : null,
    wrong: (field) => issues.some((i) => i.path[0] === field),
  };
}
