import { api, listTag, listTags } from './api';
import type { Convocazione, ConvocazioneInput, Risposta } from '../../common/callups/rules';
import type { ConvocazionePeriodo, ConvocazioneResponse, ConvocazioniPeriodoResponse, Invio, InvioResponse } from '../../common/callups/types';
import type { GiocatoriResponse } from '../../common/players/types';
import { CONVOCAZIONI_MSG } from '../../common/callups/messages';

/** How often the coach's view reads the answers again while it is open. */
export const CALLUP_POLLING_MS = 30_000;

/** The card's line (cardLine of common/callups/rules.ts, without loading the rules' schemas) 'Convocati 14 · sì 11 · no 1', or undefined when the match has no call-up. */
export const callupLine = (c: ConvocazionePeriodo | undefined): string | undefined => (c && c.convocati > 0 ? CONVOCAZIONI_MSG.cardLine(c.convocati, c.si, c.no) : undefined);

const callupTag = (id: number) => ({ type: 'Callup' as const, id });

/**
 * The call-ups of the matches (docs/callups.md): the coach's view on the edit screen and the dashboard's
 * counts. Every write invalidates the match's call-up and the period reads; a moved match ('Match') too.
 */
export const callupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConvocazione: build.query<Convocazione, number>({
      query: (id) => `api/partite/${id}/convocazione`,
      transformResponse: (body: ConvocazioneResponse) => body.data,
      providesTags: (_r, _e, id) => [callupTag(id)],
      keepUnusedDataFor: 0,
    }),
    /** The roster of a category, to pick the players from (children's data: not kept once unused). */
    getRosa: build.query<GiocatoriResponse['data'], string>({
      query: (gruppo) => `api/giocatori?gruppo=${encodeURIComponent(gruppo)}`,
      transformResponse: (body: GiocatoriResponse) => body?.data ?? [],
      providesTags: (result) => listTags('Player', result),
      keepUnusedDataFor: 0,
    }),
    saveConvocazione: build.mutation<Convocazione, { id: number; body: ConvocazioneInput }>({
      query: ({ id, body }) => ({ url: `api/partite/${id}/convocazione`, method: 'PUT', body }),
      transformResponse: (body: ConvocazioneResponse) => body.data,
      invalidatesTags: (_r, _e, { id }) => [callupTag(id), listTag('Callup')],
    }),
    inviaConvocazione: build.mutation<Invio, number>({
      query: (id) => ({ url: `api/partite/${id}/convocazione/invia`, method: 'POST' }),
      transformResponse: (body: InvioResponse) => body.data,
      invalidatesTags: (_r, _e, id) => [callupTag(id), listTag('Callup')],
    }),
    sollecitaConvocazione: build.mutation<Invio, number>({
      query: (id) => ({ url: `api/partite/${id}/convocazione/sollecita`, method: 'POST' }),
      transformResponse: (body: InvioResponse) => body.data,
      invalidatesTags: (_r, _e, id) => [callupTag(id), listTag('Callup')],
    }),
    /** An answer set by the staff on the family's behalf (after a phone call). */
    setRisposta: build.mutation<Convocazione, { id: number; giocatoreId: number; risposta: Risposta | null; nota?: string | null }>({
      query: ({ id, giocatoreId, ...body }) => ({ url: `api/partite/${id}/convocazione/giocatori/${giocatoreId}`, method: 'PUT', body }),
      transformResponse: (body: ConvocazioneResponse) => body.data,
      invalidatesTags: (_r, _e, { id }) => [callupTag(id), listTag('Callup')],
    }),
    /** The players of every category one follows, to call one of another category ('fuori quota'); read only when asked for. */
    getGiocatoriVisibili: build.query<GiocatoriResponse['data'], void>({
      query: () => 'api/giocatori',
      transformResponse: (body: GiocatoriResponse) => body?.data ?? [],
      providesTags: (result) => listTags('Player', result),
      keepUnusedDataFor: 0,
    }),
    /** The counts of the call-ups of the matches of `from`..`to`, by match id; `tutte`: the matches without one too (the 'Convocazioni' screen). */
    getConvocazioniPeriodo: build.query<Record<string, ConvocazionePeriodo>, { from: string; to: string; tutte?: boolean }>({
      query: ({ from, to, tutte }) => `api/convocazioni?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${tutte ? '&partite=tutte' : ''}`,
      transformResponse: (body: ConvocazioniPeriodoResponse) => body?.data ?? {},
      providesTags: [listTag('Callup'), listTag('Match')],
    }),
  }),
});

export const {
  useGetConvocazioneQuery,
  useGetRosaQuery,
  useGetGiocatoriVisibiliQuery,
  useSaveConvocazioneMutation,
  useInviaConvocazioneMutation,
  useSollecitaConvocazioneMutation,
  useSetRispostaMutation,
  useGetConvocazioniPeriodoQuery,
} = callupsApi;
