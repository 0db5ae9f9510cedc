import { useMemo } from 'react';
import { api, listTags } from './api';
import type { GruppiResponse } from '../../common/groups/types';

/**
 * The one categories query of the app: the categories screen shows it, the match forms offer its
 * names, so one request serves both and a change made on one screen is on the other at once.
 * The changes are the groups feature's (src/features/groups/groupsApi.ts); each invalidates it.
 */
export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGruppi: build.query<GruppiResponse, void>({
      query: () => 'api/gruppi',
      providesTags: (result) => listTags('Group', result?.data),
      // Lists are cached 2 minutes (docs/api.md).
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useGetGruppiQuery } = categoriesApi;

/** The category names, in the list's order, from the same query; `loaded` once the list has arrived. */
export function useCategoryNames(): { names: string[]; loaded: boolean } {
  const { data } = useGetGruppiQuery();
  const names = useMemo(() => (data?.data ?? []).map((g) => g.name), [data]);
  return { names, loaded: data !== undefined };
}
