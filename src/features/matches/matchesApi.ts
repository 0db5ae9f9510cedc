import { api, itemTag, listTag, type ApiExtraOptions } from '../../api/api';
import { supabaseBaseQuery } from '../../api/supabaseRoad';
import type { PartitaPayload } from '../../../common/matches/rules';
import type { ClashInfo } from '../../../common/occupancy/rules';
import type { ConflittiResponse } from '../../../common/occupancy/types';
import type { PartitaDesignazioniResponse, PartitaResponse, PublicPartiteResponse } from '../../../common/matches/types';
import { sanitizePartite, storedPartita, type Partita, type PartiteFilters } from '../../../common/matches/read';
import type { Designazioni, DesignazioniView } from '../../../common/officials/rules';

/** A save's body: the payload, and confermaSovrapposizioni once the editor confirmed its clashes (docs/occupancy.md). */
export type SavePayload = PartitaPayload & { confermaSovrapposizioni?: boolean };

/** An edit's body: a save's, and the match's designations when the form changed them (docs/officials.md). */
export type UpdatePayload = SavePayload & { designazioni?: Designazioni };

/** A match read by id: with its designations when the server sends them. */
export type PartitaConDesignazioni = Partita & { designazioni?: DesignazioniView };


const toQuery = (filters: PartiteFilters) => {
  const qs = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as Array<[string, string]>).toString();
  return qs ? `?${qs}` : '';
};

/** Matches (docs/matches.md). Every write invalidates the list tag, so both dashboards refresh by themselves. */
export const matchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicPartite: build.query<Partita[], PartiteFilters>({
      query: (filters) => ({ url: `api/partite/public${toQuery(filters)}` }),
      extraOptions: { public: true },
      transformResponse: (body: PublicPartiteResponse) => sanitizePartite(body?.data),
      providesTags: [listTag('Match')],
    }),
    /**
     * The signed-in dashboard reads the table through supabase-js (docs/matches.md, reading matches), from `today` on, by
     * date then time, with the layers of every call (re-authorization, retries, slow-call report, Italian errors).
     */
    getPartite: build.query<Partita[], string>({
      async queryFn(today, baseApi, extraOptions) {
        // supabase-js's own retries off: the base query's policy retries (a 503 would otherwise wait 7 s in the client).
        const result = await supabaseBaseQuery((db) => db.from('partite').select('*').gte('data', today).order('data').order('ora').retry(false), baseApi, extraOptions as ApiExtraOptions);
        return result.error ? { error: result.error, meta: result.meta } : { data: sanitizePartite(result.data), meta: result.meta };
      },
      providesTags: [listTag('Match')],
    }),
    getPartita: build.query<PartitaConDesignazioni | null, string>({
      query: (id) => `api/partite/${encodeURIComponent(id)}`,
      // The edit form starts from the stored text (docs/matches.md, reading matches): a save sends every field back.
      // The read carries the match's designations too (docs/officials.md).
      transformResponse: (body: PartitaDesignazioniResponse) => {
        const partita = storedPartita(body?.data);
        // Beside the match in the answer (docs/officials.md), not inside it.
        const designazioni = body?.designazioni;
        return partita && designazioni ? { ...partita, designazioni } : partita;
      },
      providesTags: (_r, _e, id) => [itemTag('Match', id), itemTag('Designation', id)],
    }),
    // The form's live clash check (docs/occupancy.md): POST, but a read; never cached.
    /** The clashes, and the club closure's warning (docs/trainings.md) when the date is in one. */
    checkConflitti: build.query<ClashInfo[] & { avviso?: string }, Record<string, unknown>>({
      query: (body) => ({ url: 'api/partite/conflitti', method: 'POST', body }),
      transformResponse: (body: ConflittiResponse) =>
        Object.assign(
          (body?.conflitti ?? []).map(({ id, motivo, messaggio }) => ({ id, motivo, messaggio })),
          body?.avviso ? { avviso: body.avviso } : {},
        ),
      keepUnusedDataFor: 0,
    }),
    /** The saved match; `avviso` when its date is in a club closure (saved all the same). */
    createPartita: build.mutation<Partita & { avviso?: string }, SavePayload>({
      query: (body) => ({ url: 'api/partite', method: 'POST', body }),
      transformResponse: (body: PartitaResponse) => (body.avviso ? { ...body.data, avviso: body.avviso } : body.data),
      invalidatesTags: [listTag('Match'), 'Suggestion'],
    }),
    updatePartita: build.mutation<Partita & { avviso?: string }, { id: string; body: UpdatePayload }>({
      query: ({ id, body }) => ({ url: `api/partite/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (body: PartitaResponse) => (body.avviso ? { ...body.data, avviso: body.avviso } : body.data),
      // The designations saved with it change the cards' lines and 'Partite scoperte' too.
      invalidatesTags: (_r, _e, { id, body }) => [listTag('Match'), itemTag('Match', id), 'Suggestion', ...(body.designazioni ? (['Designation'] as const) : [])],
    }),
    deletePartita: build.mutation<void, string>({
      query: (id) => ({ url: `api/partite/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      // Not the item's tag: the edit screen would refetch it and show 'Partita non trovata!' before leaving.
      invalidatesTags: [listTag('Match'), 'Suggestion'],
    }),
  }),
});

export const {
  useGetPublicPartiteQuery,
  useGetPartiteQuery,
  useGetPartitaQuery,
  useLazyCheckConflittiQuery,
  useCreatePartitaMutation,
  useUpdatePartitaMutation,
  useDeletePartitaMutation,
} = matchesApi;
