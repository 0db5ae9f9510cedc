import { api, listTag } from '../../api/api';
import type { AzioneStato } from '../../../common/matchStatus';

export interface StatoBody {
  ids: number[];
  azione: AzioneStato;
  nuovaData?: string | null;
  giorni?: number | null;
  motivo?: string | null;
}

/**
 * Bulk status changes of the signed-in dashboard and their undo (issue 16). Injected apart from
 * matchesApi so the public page's bundle does not take them in. No retries: a write is sent once.
 */
export const statusApi = api.injectEndpoints({
  endpoints: (build) => ({
    cambiaStato: build.mutation<{ operazione: string; aggiornate: number }, StatoBody>({
      query: (body) => ({ url: 'api/partite/stato', method: 'POST', body }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: [listTag('Partita')],
    }),
    annullaOperazione: build.mutation<{ operazione: string; ripristinate: number }, string>({
      query: (id) => ({ url: `api/partite/stato/${encodeURIComponent(id)}/annulla`, method: 'POST' }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: [listTag('Partita')],
    }),
  }),
});

export const { useCambiaStatoMutation, useAnnullaOperazioneMutation } = statusApi;
