import { api, listTags, type ApiError } from './api';
import type { Dirigente } from '../../common/officials/rules';
import type { DirigentiResponse } from '../../common/officials/types';
import type { Distinta, DistintaResponse, DistinteGiornoResponse, DistintaDelGiorno } from '../../common/teamsheet/types';
import { DISTINTA_MSG } from '../../common/teamsheet/messages';
import { checkDownloadedFile, fileResponse } from './download';
import { saveFile } from '../components/saveFile';

/** The PUT body of a sheet (docs/teamsheet.md, 'API'). */
export interface DistintaBody {
  giocatori: { id: number; numero: number; capitano?: boolean; vice?: boolean }[];
  staff?: { allenatore?: number | null; altri?: number[] };
}

/** One refused player of a 400 (or a 409 of the PDF). */
export interface ProblemaGiocatore {
  giocatore: number;
  motivo: string;
}

/** The refused players of a failed save or print, by id (empty when the answer names none). */
export function problemiOf(error: unknown): ProblemaGiocatore[] {
  const problemi = (error as ApiError | undefined)?.data as { problemi?: unknown } | undefined;
  return Array.isArray(problemi?.problemi) ? (problemi.problemi as ProblemaGiocatore[]) : [];
}

/**
 * The team sheet (docs/teamsheet.md): children's data, so like the players' list it is read per visit
 * and dropped as soon as nobody shows it (keepUnusedDataFor 0). Saving answers the new sheet.
 */
export const teamsheetApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDistinta: build.query<Distinta, number>({
      query: (id) => `api/partite/${id}/distinta`,
      transformResponse: (body: DistintaResponse) => body.data,
      providesTags: (_r, _e, id) => [{ type: 'TeamSheet', id }],
      keepUnusedDataFor: 0,
    }),
    saveDistinta: build.mutation<Distinta, { id: number; body: DistintaBody }>({
      query: ({ id, body }) => ({ url: `api/partite/${id}/distinta`, method: 'PUT', body }),
      transformResponse: (body: DistintaResponse) => body.data,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'TeamSheet', id }, { type: 'TeamSheet', id: 'DAY' }],
    }),
    /** The PDF, saved as a download; a 409 carries the Italian reason (and the refused players). */
    printDistinta: build.mutation<{ fileName: string }, { id: number; data: string }>({
      async queryFn({ id, data }, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: `api/partite/${id}/distinta.pdf`, method: 'GET', responseHandler: fileResponse });
        if (result.error) return { error: result.error as ApiError };
        const file = result.data instanceof Blob ? result.data : new Blob([]);
        const problem = await checkDownloadedFile(result.meta?.response?.headers.get('content-type'), file, 'pdf');
        if (problem) return { error: { status: 'CUSTOM_ERROR', message: problem } satisfies ApiError };
        const fileName = DISTINTA_MSG.pdf.nomeFile(data, id);
        saveFile(file, fileName);
        return { data: { fileName } };
      },
      // The print count changes.
      invalidatesTags: (_r, _e, { id }) => [{ type: 'TeamSheet', id }, { type: 'TeamSheet', id: 'DAY' }],
    }),
    /** The active officials: the others admitted to the pitch area (any qualification). */
    getAmmissibili: build.query<Dirigente[], void>({
      query: () => 'api/dirigenti?attivo=true',
      transformResponse: (body: DirigentiResponse) => body?.data ?? [],
      providesTags: (result) => listTags('Official', result),
    }),
    /** The day's matches whose sheet the caller may open (the day sheet of /estrazione). */
    getDistinteGiorno: build.query<DistintaDelGiorno[], string>({
      query: (data) => `api/distinte?data=${encodeURIComponent(data)}`,
      transformResponse: (body: DistinteGiornoResponse) => body.data,
      providesTags: [{ type: 'TeamSheet', id: 'DAY' }],
    }),
  }),
});

export const { useGetDistintaQuery, useSaveDistintaMutation, usePrintDistintaMutation, useGetDistinteGiornoQuery, useGetAmmissibiliQuery } = teamsheetApi;
