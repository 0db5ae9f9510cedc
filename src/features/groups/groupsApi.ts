import { api, itemTag, listTag } from '../../api/api';
import type { Gruppo, GruppoInput } from '../../../common/groups/rules';
import type { GruppoResponse } from '../../../common/groups/types';
import type { GruppoDeletePreview } from '../../../common/groups/delete-preview';

// The list is the app's one categories query (src/api/categoriesApi.ts), shared with the match forms.

/** Category changes (docs/groups.md): every change invalidates the list, so the screen and the match forms refresh. */
export const groupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createGruppo: build.mutation<Gruppo, GruppoInput>({
      query: (body) => ({ url: 'api/gruppi', method: 'POST', body }),
      transformResponse: (response: GruppoResponse) => response.data,
      invalidatesTags: [listTag('Group')],
    }),
    updateGruppo: build.mutation<Gruppo, { id: number; body: GruppoInput }>({
      query: ({ id, body }) => ({ url: `api/gruppi/${id}`, method: 'PUT', body }),
      transformResponse: (response: GruppoResponse) => response.data,
      // The list too (the match forms offer the names); a rename reaches the matches of the category (ON UPDATE CASCADE)
      // and its players (they are answered with the category's name).
      invalidatesTags: (_result, _error, { id }) => [itemTag('Group', id), listTag('Group'), 'Match', listTag('Player')],
    }),
    deleteGruppo: build.mutation<Gruppo, number>({
      query: (id) => ({ url: `api/gruppi/${id}`, method: 'DELETE' }),
      transformResponse: (response: GruppoResponse) => response.data,
      // The category's training series go with it (ON DELETE CASCADE): the trainings screen refreshes too.
      invalidatesTags: (_result, _error, id) => [itemTag('Group', id), listTag('Group'), 'Training'],
    }),
    /** What a delete would take with it, for the confirmation (common/groups/delete-preview.ts); read afresh each time. */
    getGruppoDeletePreview: build.query<GruppoDeletePreview, number>({
      query: (id) => `api/gruppi/${id}/eliminazione`,
      transformResponse: (response: { data: GruppoDeletePreview }) => response.data,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCreateGruppoMutation, useUpdateGruppoMutation, useDeleteGruppoMutation, useGetGruppoDeletePreviewQuery } = groupsApi;
