import { api } from '../../api/api';
import type { AzioneStato } from '../../../common/status/rules';
import type { AnnullaOperazioneResponse, CambiaStatoResponse } from '../../../common/status/types';

export interface StatoBody {
  ids: number[];
  azione: AzioneStato;
  nuovaData?: string | null;
  giorni?: number | null;
  motivo?: string | null;
  /** The editor confirmed the clashes the server listed (409, docs/occupancy.md). */
  confermaSovrapposizioni?: boolean;
}

/** An undo: the operation, and whether the editor confirmed the clashes it makes. */
export type UndoArg = string | { operazione: string; confermaSovrapposizioni: boolean };

/**
 * Bulk status changes of the signed-in dashboard and their undo (docs/matches.md, status). Injected apart from
 * matchesApi so the public page's bundle does not take them in. No retries: a write is sent once.
 */
export const statusApi = api.injectEndpoints({
  endpoints: (build) => ({
    cambiaStato: build.mutation<CambiaStatoResponse, StatoBody>({
      query: (body) => ({ url: 'api/partite/stato', method: 'POST', body }),
      extraOptions: { maxRetries: 0 },
      // Every match of the list and every cached single match (the edit form's): a move changes their dates.
      invalidatesTags: ['Match'],
    }),
    annullaOperazione: build.mutation<AnnullaOperazioneResponse, UndoArg>({
      query: (arg) =>
        typeof arg === 'string'
          ? { url: `api/partite/stato/${encodeURIComponent(arg)}/annulla`, method: 'POST' }
          : { url: `api/partite/stato/${encodeURIComponent(arg.operazione)}/annulla`, method: 'POST', body: { confermaSovrapposizioni: arg.confermaSovrapposizioni } },
      extraOptions: { maxRetries: 0 },
      // Every match of the list and every cached single match (the edit form's): a move changes their dates.
      invalidatesTags: ['Match'],
    }),
  }),
});

export const { useCambiaStatoMutation, useAnnullaOperazioneMutation } = statusApi;
