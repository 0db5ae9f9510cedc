import { api, listTag } from '../../api/api';
import type { Occupancy, OccupancyResponse } from '../../../common/occupazione/types';

// The board's answer is typed in common/, the server's route returns the same type.
export type { Occupancy, OccupancyClash, OccupancyMatch } from '../../../common/occupazione/types';

/** The board's period (docs/occupazione.md): every match of the days with its clashes; refreshed when a match changes. */
export const occupancyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOccupazione: build.query<Occupancy, { from: string; to: string }>({
      query: ({ from, to }) => `api/occupazione?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      transformResponse: (response: OccupancyResponse) => response.data,
      providesTags: [listTag('Partita')],
    }),
  }),
});

export const { useGetOccupazioneQuery } = occupancyApi;
