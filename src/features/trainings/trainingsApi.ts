import { api, itemTag, listTag, listTags } from '../../api/api';
import type { Allenamento, AllenamentoPayload } from '../../../common/trainings/rules';
import type { AllenamentiResponse, AllenamentoResponse } from '../../../common/trainings/types';


/** A save's body: the series, and confermaSovrapposizioni once the editor confirmed its clashes (409). */
export type AllenamentoBody = AllenamentoPayload & { confermaSovrapposizioni?: boolean };

/** The list's optional filters (GET /api/allenamenti?gruppo=&campo=). */
export interface AllenamentiFilters {
  gruppo?: string;
  campo?: string;
}

const toQuery = (filters: AllenamentiFilters | void) => {
  const qs = new URLSearchParams(Object.entries(filters ?? {}).filter(([, v]) => v) as Array<[string, string]>).toString();
  return qs ? `?${qs}` : '';
};

/**
 * Training slots (docs/trainings.md): the weekly series. Every write invalidates the list, so the
 * grid refreshes by itself; the activity log follows any write (src/store/activityRefresh.ts).
 */
export const allenamentiApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAllenamenti: build.query<AllenamentiResponse, AllenamentiFilters | void>({
      query: (filters) => `api/allenamenti${toQuery(filters)}`,
      providesTags: (result) => listTags('Training', result?.data),
    }),
    createAllenamento: build.mutation<Allenamento, AllenamentoBody>({
      query: (body) => ({ url: 'api/allenamenti', method: 'POST', body }),
      transformResponse: (response: AllenamentoResponse) => response.data,
      invalidatesTags: [listTag('Training')],
    }),
    updateAllenamento: build.mutation<Allenamento, { id: number; body: AllenamentoBody }>({
      query: ({ id, body }) => ({ url: `api/allenamenti/${id}`, method: 'PUT', body }),
      transformResponse: (response: AllenamentoResponse) => response.data,
      invalidatesTags: (_result, _error, { id }) => [itemTag('Training', id), listTag('Training')],
    }),
    deleteAllenamento: build.mutation<{ success: true }, number>({
      query: (id) => ({ url: `api/allenamenti/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [itemTag('Training', id), listTag('Training')],
    }),
    /** Skips one date of a series (the occupancy board's 'Salta questo allenamento'). */
    saltaAllenamento: build.mutation<Allenamento, { id: number; data: string }>({
      query: ({ id, data }) => ({ url: `api/allenamenti/${id}/salta`, method: 'POST', body: { data } }),
      transformResponse: (response: AllenamentoResponse) => response.data,
      invalidatesTags: (_result, _error, { id }) => [itemTag('Training', id), listTag('Training')],
    }),
  }),
});

export const {
  useGetAllenamentiQuery,
  useCreateAllenamentoMutation,
  useUpdateAllenamentoMutation,
  useDeleteAllenamentoMutation,
  useSaltaAllenamentoMutation,
} = allenamentiApi;
