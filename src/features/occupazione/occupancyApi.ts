import { api, listTag } from '../../api/api';
import type { Partita } from '../../../common/partite/read';
import type { ClashReason } from '../../../common/occupazione/rules';

export interface OccupancyClash {
  id: number;
  motivo: ClashReason;
  messaggio: string;
}
export type OccupancyMatch = Partita & { conflitti: OccupancyClash[] };
export interface Occupancy {
  from: string;
  to: string;
  margin: number;
  partite: OccupancyMatch[];
}

/** The board's period (issue 15): every match of the days with its clashes; refreshed when a match changes. */
export const occupancyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOccupazione: build.query<Occupancy, { from: string; to: string }>({
      query: ({ from, to }) => `api/occupazione?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      transformResponse: (response: { data: Occupancy }) => response.data,
      providesTags: [listTag('Partita')],
    }),
  }),
});

export const { useGetOccupazioneQuery } = occupancyApi;
