import { api, itemTag, listTag, listTags } from '../../api/api';
import type { GiocatoreInput } from '../../../common/players/rules';
import type { DaRimuovereResponse, GiocatoreEraseResponse, GiocatoreExportResponse, GiocatoreSaveResponse, GiocatoriResponse, ImportGiocatoriResponse } from '../../../common/players/types';

/**
 * Players (docs/players.md): children's data. Every read is an activity record on the server, so the
 * list is read once per visit of the screen and dropped as soon as nobody shows it (keepUnusedDataFor 0):
 * no child's data lingers in the cache after the screen is left. Every write invalidates the list.
 */
export const playersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every player the caller may see (the categories they follow; all for administrators), with the certificate rule's settings and the followed categories' names. */
    getGiocatori: build.query<GiocatoriResponse, void>({
      query: () => 'api/giocatori',
      providesTags: (result) => listTags('Player', result?.data),
      keepUnusedDataFor: 0,
    }),
    createGiocatore: build.mutation<GiocatoreSaveResponse, GiocatoreInput>({
      query: (body) => ({ url: 'api/giocatori', method: 'POST', body }),
      invalidatesTags: [listTag('Player')],
    }),
    updateGiocatore: build.mutation<GiocatoreSaveResponse, { id: number; body: GiocatoreInput }>({
      query: ({ id, body }) => ({ url: `api/giocatori/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [itemTag('Player', id), listTag('Player')],
    }),
    /** Erasure (administrators): the player's rows are deleted on the server. */
    eraseGiocatore: build.mutation<GiocatoreEraseResponse, number>({
      query: (id) => ({ url: `api/giocatori/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [itemTag('Player', id), listTag('Player')],
    }),
    /** Everything held about one player (administrators), read on demand and never cached: a mutation, not a query. */
    exportGiocatore: build.mutation<GiocatoreExportResponse, number>({
      query: (id) => ({ url: `api/giocatori/${id}/export`, method: 'GET' }),
    }),
    /** 'Da rimuovere' (administrators): the players proposed for erasure, read when the review opens and dropped when it closes. */
    getDaRimuovere: build.query<DaRimuovereResponse, void>({
      query: () => 'api/giocatori/da-rimuovere',
      providesTags: (result) => listTags('Player', result?.data),
      keepUnusedDataFor: 0,
    }),
    /** Import (editors, administrators): every row a player's body, written in one transaction or none. */
    importGiocatori: build.mutation<ImportGiocatoriResponse, { giocatori: unknown[]; righe?: number[] }>({
      query: (body) => ({ url: 'api/giocatori/import', method: 'POST', body }),
      invalidatesTags: [listTag('Player')],
    }),
  }),
});

export const {
  useGetGiocatoriQuery, useCreateGiocatoreMutation, useUpdateGiocatoreMutation, useEraseGiocatoreMutation, useExportGiocatoreMutation,
  useGetDaRimuovereQuery,
  useImportGiocatoriMutation,
} = playersApi;
