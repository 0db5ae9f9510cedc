import { api, CACHE_TTL, listTag, type ApiError } from '../../api/api';
import { FILE_NAMES, PREVIEW_PAGE_SIZE, weekRange, type DayPreview, type TablePreview, type WeekPreview } from '../../../common/export/rules';
import { checkDownloadedFile, fileResponse } from '../../api/download';
import { saveFile } from '../../components/saveFile';

export interface TablePreviewArgs {
  from: string;
  to: string;
  offset: number;
  limit?: number;
}

/** One file of docs/export.md: the period table (CSV or PDF), the week PDF or the day PDF. */
export type ExportRequest =
  | { kind: 'tableCsv' | 'tablePdf'; from: string; to: string }
  | { kind: 'weekPdf'; weekStart: string; /** With the week's trainings in a band at the foot of the sheet. */ allenamenti?: boolean }
  | { kind: 'dayPdf'; date: string };

/** What is kept of a download: its name and size, never the Blob (the Redux state holds no non-serialisable values). */
export interface DownloadedFile {
  fileName: string;
  size: number;
}

/** Path, body and file name (docs/export.md) of each export. */
export function exportCall(req: ExportRequest): { url: string; body: Record<string, string | boolean>; fileName: string; format: 'csv' | 'pdf' } {
  switch (req.kind) {
    case 'tableCsv':
      return { url: 'api/exports/table.csv', body: { from: req.from, to: req.to }, fileName: FILE_NAMES.tableCsv(req.from, req.to), format: 'csv' };
    case 'tablePdf':
      return { url: 'api/exports/table.pdf', body: { from: req.from, to: req.to }, fileName: FILE_NAMES.tablePdf(req.from, req.to), format: 'pdf' };
    case 'weekPdf': {
      const { start, end } = weekRange(req.weekStart);
      const body: Record<string, string | boolean> = { weekStart: req.weekStart };
      if (req.allenamenti) body.allenamenti = true;
      return { url: 'api/exports/week.pdf', body, fileName: FILE_NAMES.weekPdf(start, end), format: 'pdf' };
    }
    case 'dayPdf':
      return { url: 'api/exports/day.pdf', body: { date: req.date }, fileName: FILE_NAMES.dayPdf(req.date), format: 'pdf' };
  }
}

/** Previews and files of the export screen (docs/export.md). Previews refresh when a match changes. */
export const exportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTablePreview: build.query<TablePreview, TablePreviewArgs>({
      query: ({ from, to, offset, limit = PREVIEW_PAGE_SIZE }) => ({
        url: 'api/exports/preview/table',
        params: { from, to, limit: String(limit), offset: String(offset) },
      }),
      providesTags: [listTag('Match')],
      keepUnusedDataFor: CACHE_TTL.list,
    }),
    getWeekPreview: build.query<WeekPreview, string>({
      query: (weekStart) => ({ url: 'api/exports/preview/week', params: { weekStart } }),
      providesTags: [listTag('Match')],
      keepUnusedDataFor: CACHE_TTL.list,
    }),
    getDayPreview: build.query<DayPreview, string>({
      query: (date) => ({ url: 'api/exports/preview/day', params: { date } }),
      providesTags: [listTag('Match')],
      keepUnusedDataFor: CACHE_TTL.list,
    }),
    /** Fetches the file with the session's bearer token, checks it, saves it; only its name and size reach the store. */
    exportFile: build.mutation<DownloadedFile, ExportRequest>({
      async queryFn(req, _api, _extra, baseQuery) {
        const { url, body, fileName, format } = exportCall(req);
        const result = await baseQuery({ url, method: 'POST', body, responseHandler: fileResponse });
        if (result.error) return { error: result.error as ApiError };
        const file = result.data instanceof Blob ? result.data : new Blob([]);
        const problem = await checkDownloadedFile(result.meta?.response?.headers.get('content-type'), file, format);
        if (problem) return { error: { status: 'CUSTOM_ERROR', message: problem } satisfies ApiError };
        saveFile(file, fileName);
        return { data: { fileName, size: file.size } };
      },
    }),
  }),
});

export const { useLazyGetTablePreviewQuery, useLazyGetWeekPreviewQuery, useLazyGetDayPreviewQuery, useExportFileMutation } = exportApi;
