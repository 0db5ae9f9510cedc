// The names already used (GET /api/squadre/suggestions, GET /api/campi/suggestions), most used first:
// one API for every form that offers them (the match form's teams and pitch, the training form's
// pitch) through src/components/SuggestionInput.tsx. Match writes invalidate the 'Suggestion' tag.
import { api } from './api';
import type { Suggestion, SuggestionsResponse } from '../../common/matches/types';

export const suggestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSquadreSuggestions: build.query<Suggestion[], string>({
      query: (search) => `api/squadre/suggestions?search=${encodeURIComponent(search)}`,
      transformResponse: (body: SuggestionsResponse) => body?.data ?? [],
      providesTags: ['Suggestion'],
      keepUnusedDataFor: 60,
    }),
    getCampiSuggestions: build.query<Suggestion[], string>({
      query: (search) => `api/campi/suggestions?search=${encodeURIComponent(search)}`,
      transformResponse: (body: SuggestionsResponse) => body?.data ?? [],
      providesTags: ['Suggestion'],
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useLazyGetSquadreSuggestionsQuery, useLazyGetCampiSuggestionsQuery } = suggestionsApi;
