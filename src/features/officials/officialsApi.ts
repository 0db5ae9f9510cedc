import { api, itemTag, listTag, listTags } from '../../api/api';
import type { Dirigente, DirigentePayload, Qualifica } from '../../../common/officials/rules';
import type { CalendarioDirigenteResponse, DirigenteResponse, DirigentiResponse } from '../../../common/officials/types';

/** The list's optional filters (GET /api/dirigenti?qualifica=&attivo=). */
export interface OfficialsQuery {
  qualifica?: Qualifica;
  attivo?: boolean;
}

const toQuery = (filters: OfficialsQuery | void) => {
  const q = new URLSearchParams();
  if (filters?.qualifica) q.set('qualifica', filters.qualifica);
  if (filters?.attivo !== undefined) q.set('attivo', String(filters.attivo));
  const qs = q.toString();
  return qs ? `?${qs}` : '';
};

/** The tag of a person's private calendar link (GET and revoke of /api/dirigenti/{id}/calendario). */
const calendarTag = (id: number) => itemTag('Official', `calendario-${id}`);

/**
 * The club's officials (docs/officials.md). Every write invalidates the list, so the screen refreshes
 * by itself; the activity log follows any write (src/store/activityRefresh.ts).
 */
export const dirigentiApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDirigenti: build.query<DirigentiResponse, OfficialsQuery | void>({
      query: (filters) => `api/dirigenti${toQuery(filters)}`,
      providesTags: (result) => listTags('Official', result?.data),
    }),
    createDirigente: build.mutation<Dirigente, DirigentePayload>({
      query: (body) => ({ url: 'api/dirigenti', method: 'POST', body }),
      transformResponse: (response: DirigenteResponse) => response.data,
      invalidatesTags: [listTag('Official')],
    }),
    updateDirigente: build.mutation<Dirigente, { id: number; body: DirigentePayload }>({
      query: ({ id, body }) => ({ url: `api/dirigenti/${id}`, method: 'PUT', body }),
      transformResponse: (response: DirigenteResponse) => response.data,
      // The matches show the designated people's names.
      invalidatesTags: (_result, _error, { id }) => [itemTag('Official', id), listTag('Official'), 'Match'],
    }),
    deleteDirigente: build.mutation<unknown, number>({
      query: (id) => ({ url: `api/dirigenti/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [itemTag('Official', id), listTag('Official')],
    }),
    /** The person's private feed address (editor+). */
    getCalendarioDirigente: build.query<string, number>({
      query: (id) => `api/dirigenti/${id}/calendario`,
      transformResponse: (response: CalendarioDirigenteResponse) => response.data.url,
      providesTags: (_result, _error, id) => [calendarTag(id)],
      keepUnusedDataFor: 0,
    }),
    /** A new address; the old one stops working. The answer replaces the cached one (no second request). */
    revocaCalendarioDirigente: build.mutation<string, number>({
      query: (id) => ({ url: `api/dirigenti/${id}/calendario/revoca`, method: 'POST' }),
      transformResponse: (response: CalendarioDirigenteResponse) => response.data.url,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(dirigentiApi.util.upsertQueryData('getCalendarioDirigente', id, data));
        } catch {
          // The form shows the error.
        }
      },
    }),
  }),
});

export const {
  useGetDirigentiQuery,
  useCreateDirigenteMutation,
  useUpdateDirigenteMutation,
  useDeleteDirigenteMutation,
  useGetCalendarioDirigenteQuery,
  useRevocaCalendarioDirigenteMutation,
} = dirigentiApi;
