import { api, listTag } from '../../api/api';
import type { PartitaValues } from '../../../common/partite';

export interface ImportCheck {
  /** Category names. */
  gruppi: string[];
  /** duplicateKey of the matches already stored on the asked days. */
  existing: string[];
}

/** Fixture import (issue 17). The import invalidates the matches' list tag, so the dashboards refresh. */
export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkImport: build.mutation<ImportCheck, string[]>({
      query: (dates) => ({ url: 'api/partite/import/check', method: 'POST', body: { dates } }),
    }),
    importPartite: build.mutation<{ create: number; ids: number[] }, PartitaValues[]>({
      query: (partite) => ({ url: 'api/partite/import', method: 'POST', body: { partite } }),
      invalidatesTags: [listTag('Partita'), 'Suggestion'],
    }),
  }),
});

export const { useCheckImportMutation, useImportPartiteMutation } = importApi;
