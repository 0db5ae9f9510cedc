import { api, itemTag, listTag, listTags } from '../../api/api';
import type { Chiusura, ChiusuraPayload } from '../../../common/closures/rules';
import type { ChiusuraResponse, ChiusureResponse } from '../../../common/closures/types';

/**
 * The club's closures (docs/trainings.md, 'Chiusure del club'). A write invalidates the trainings
 * too: the occupancy board (which provides the trainings' list tag) leaves out the closed dates.
 */
export const chiusureApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChiusure: build.query<ChiusureResponse, void>({
      query: () => 'api/chiusure',
      providesTags: (result) => listTags('Closure', result?.data),
    }),
    createChiusura: build.mutation<Chiusura, ChiusuraPayload>({
      query: (body) => ({ url: 'api/chiusure', method: 'POST', body }),
      transformResponse: (response: ChiusuraResponse) => response.data,
      invalidatesTags: [listTag('Closure'), listTag('Training')],
    }),
    updateChiusura: build.mutation<Chiusura, { id: number; body: ChiusuraPayload }>({
      query: ({ id, body }) => ({ url: `api/chiusure/${id}`, method: 'PUT', body }),
      transformResponse: (response: ChiusuraResponse) => response.data,
      invalidatesTags: (_r, _e, { id }) => [itemTag('Closure', id), listTag('Closure'), listTag('Training')],
    }),
    deleteChiusura: build.mutation<{ success: true }, number>({
      query: (id) => ({ url: `api/chiusure/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [itemTag('Closure', id), listTag('Closure'), listTag('Training')],
    }),
  }),
});

export const { useGetChiusureQuery, useCreateChiusuraMutation, useUpdateChiusuraMutation, useDeleteChiusuraMutation } = chiusureApi;
