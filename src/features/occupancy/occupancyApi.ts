import { api, itemTag, listTag } from '../../api/api';
import type { Occupancy, OccupancyResponse } from '../../../common/occupancy/types';

// The board's answer is typed in common/occupancy/types.ts: the server's route returns the same type.

/**
 * The board's period (docs/occupancy.md): every match and every training date of the days with
 * their clashes; refreshed when a match or a training series changes (here or on its own screen).
 */
export const occupancyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOccupazione: build.query<Occupancy, { from: string; to: string }>({
      query: ({ from, to }) => `api/occupazione?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      transformResponse: (response: OccupancyResponse) => response.data,
      providesTags: [listTag('Match'), listTag('Training')],
    }),
    /**
     * 'Salta questo allenamento' (docs/trainings.md): skips one date of a series. Named apart from
     * the training screen's endpoint (features do not import each other, and endpoint names are one
     * namespace); it invalidates the same tags, so the board and the training screen both refresh.
     */
    skipTrainingDate: build.mutation<void, { id: number; data: string }>({
      query: ({ id, data }) => ({ url: `api/allenamenti/${id}/salta`, method: 'POST', body: { data } }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, { id }) => [itemTag('Training', id), listTag('Training')],
    }),
  }),
});

export const { useGetOccupazioneQuery, useSkipTrainingDateMutation } = occupancyApi;
