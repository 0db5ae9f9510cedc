import { useState } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useDebounced } from '../useDebounced';

/**
 * A list screen's filter bar as a form (docs/screens.md), with its page and page size: the query gets
 * the filters `debounceMs` after the last change (`applied`), and the page goes back to 1 when the
 * applied filters or the page size change. 'Azzera filtri' is `clear`.
 */
export function useFilterForm<F extends FieldValues>(empty: F, initialLimit: number, debounceMs: number) {
  const form = useForm<F>({ defaultValues: empty as DefaultValues<F> });
  const filters = useWatch({ control: form.control }) as F;
  const [limit, setLimit] = useState(initialLimit);
  const applied = useDebounced(filters, debounceMs);
  const key = `${JSON.stringify(applied)}|${limit}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  return {
    control: form.control,
    /** The filters as shown. */
    filters,
    /** The filters the rows on screen answer. */
    applied,
    limit,
    page,
    /** Changes as long as the applied filters, page size and page stay the same (selection, etc.). */
    viewKey: `${key}|${page}`,
    clear: () => form.reset(),
    setLimit: (l: number) => setLimit(l),
    setPage: (p: number) => setPaging({ key, page: p }),
  };
}
