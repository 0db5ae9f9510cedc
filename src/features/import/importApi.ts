import { api, listTag } from '../../api/api';
import type { PartitaValues } from '../../../common/partite/rules';
import type { Partita } from '../../../common/partite/read';

export interface ImportCheck {
  /** Category names. */
  gruppi: string[];
  /** duplicateKey of the matches already stored on the asked days. */
  existing: string[];
  /** Issue 15: the matches of those days that hold their campo, rooms and teams (not cancelled or postponed). */
  partite?: Partita[];
  /** Issue 15: CLASH_MARGIN_MINUTES. */
  margine?: number;
}

/** The import's body: the rows, their file lines (the server's messages name them so), and whether the editor confirmed their clashes (issue 15). */
export interface ImportArg {
  partite: PartitaValues[];
  righe?: number[];
  confermaSovrapposizioni?: boolean;
}

/** Fixture import (issue 17). The import invalidates the matches' list tag, so the dashboards refresh. */
export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkImport: build.mutation<ImportCheck, string[]>({
      query: (dates) => ({ url: 'api/partite/import/check', method: 'POST', body: { dates } }),
    }),
    importPartite: build.mutation<{ create: number; ids: number[] }, ImportArg>({
      query: (body) => ({ url: 'api/partite/import', method: 'POST', body }),
      invalidatesTags: [listTag('Partita'), 'Suggestion'],
    }),
  }),
});

export const { useCheckImportMutation, useImportPartiteMutation } = importApi;
