import { api, listTag } from './api';
import type { AvvisiPartiteResponse, AvvisoPartita } from '../../common/players/types';
import { GIOCATORI_MSG } from '../../common/players/messages';

/**
 * The widest period GET /api/giocatori/avvisi-partite answers: 62 days, the first included (the server's
 * AVVISI_PARTITE_GIORNI_MAX in common/players/rules.ts, not imported so the dashboard does not load the rules).
 */
export const AVVISI_PERIODO_GIORNI = 62;

/** A card's flag, '2 giocatori non idonei' with its meaning, or undefined when every player may play (or the caller sees none). */
export const nonIdoneiFlag = (a: AvvisoPartita | undefined) =>
  a && a.nonIdonei > 0 ? { label: GIOCATORI_MSG.cardFlag(a.nonIdonei), hint: GIOCATORI_MSG.cardFlagHint } : undefined;

/**
 * The match cards' flag (docs/players.md, expiry alerts): per planned match of a period, how many players of its
 * category may not play on its day for their certificate. The server answers only the categories the caller
 * follows (nothing for a user who follows none). A player saved or erased, a match changed: read again.
 */
export const playerAlertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAvvisiPartite: build.query<Record<string, AvvisoPartita>, { dal: string; al: string }>({
      query: ({ dal, al }) => `api/giocatori/avvisi-partite?dal=${encodeURIComponent(dal)}&al=${encodeURIComponent(al)}`,
      transformResponse: (body: AvvisiPartiteResponse) => body?.data ?? {},
      providesTags: [listTag('Player'), listTag('Match')],
    }),
  }),
});

export const { useGetAvvisiPartiteQuery } = playerAlertsApi;
