import { api, listTag } from '../../api/api';
import type { PartitaValues } from '../../../common/matches/rules';
import type { ImportCheck, ImportResponse } from '../../../common/import/types';

/** The import's body: the rows, their file lines (the server's messages name them so), and whether the editor confirmed their clashes (docs/occupancy.md). */
export interface ImportArg {
  partite: PartitaValues[];
  righe?: number[];
  confermaSovrapposizioni?: boolean;
}

/**
 * Fixture import (docs/import.md); the answers are typed in common/import/types.ts, as the server's routes
 * return them. The import invalidates the matches' list tag, so the dashboards refresh.
 */
export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkImport: build.mutation<ImportCheck, string[]>({
      query: (dates) => ({ url: 'api/partite/import/check', method: 'POST', body: { dates } }),
    }),
    importPartite: build.mutation<ImportResponse, ImportArg>({
      query: (body) => ({ url: 'api/partite/import', method: 'POST', body }),
      invalidatesTags: [listTag('Match'), 'Suggestion'],
    }),
  }),
});

export const { useCheckImportMutation, useImportPartiteMutation } = importApi;
