import { api, CACHE_TTL, listTag } from '../../api/api';
import type { ActivityLogEntry, ErrorLogEntry, ErrorStatsResponse, LogPage, ResolveMultipleResponse, ResolveResponse } from '../../../common/logs/rules';
import type { ActivityType, ErrorType, Severity } from '../../../common/logs/constants';

/** What the error screen asks for (docs/logs.md, the error log's filters); unset filters are left out of the query. */
export interface ErrorQuery {
  page: number;
  limit: number;
  error_type?: ErrorType;
  severity?: Severity;
  resolved?: boolean;
  user_email?: string;
  error_message?: string;
  /** Local date-times of the club's time zone (YYYY-MM-DDTHH:mm[:ss]); the server reads them there. */
  start_date?: string;
  end_date?: string;
}

/** What the activity screen asks for (docs/logs.md, the activity log's filters). */
export interface ActivityQuery {
  page: number;
  limit: number;
  activity_type?: ActivityType;
  user_email?: string;
  endpoint?: string;
  start_date?: string;
  end_date?: string;
}

/** Only the filters that are set travel as query parameters. */
export function queryParams(q: ErrorQuery | ActivityQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = String(v);
  }
  return out;
}

const LIST = listTag('ErrorLog');
const STATS = listTag('ErrorStats');
const ACTIVITIES = listTag('Activity');

/**
 * The error log and activity log calls (docs/logs.md). A resolve updates every cached page of
 * the error list locally (the list updated locally, the statistics reloaded), reloads the
 * statistics and the activity log (a resolution is an activity).
 */
export const logsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getErrorLogs: build.query<LogPage<ErrorLogEntry>, ErrorQuery>({
      query: (q) => ({ url: 'api/error-logs', params: queryParams(q) }),
      providesTags: [LIST],
      keepUnusedDataFor: CACHE_TTL.list,
    }),
    getErrorStats: build.query<ErrorStatsResponse, void>({
      query: () => 'api/error-stats',
      providesTags: [STATS],
      keepUnusedDataFor: CACHE_TTL.list,
    }),
    resolveError: build.mutation<ResolveResponse, { id: string; notes?: string }>({
      query: ({ id, notes }) => ({ url: `api/error-logs/${encodeURIComponent(id)}/resolve`, method: 'PUT', body: notes ? { notes } : {} }),
      invalidatesTags: [STATS, ACTIVITIES],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        for (const args of logsApi.util.selectCachedArgsForQuery(getState(), 'getErrorLogs')) {
          dispatch(
            logsApi.util.updateQueryData('getErrorLogs', args, (page) => {
              const i = page.data.findIndex((r) => r.id === data.data.id);
              if (i >= 0) page.data[i] = { ...page.data[i], ...data.data };
            }),
          );
        }
      },
    }),
    resolveMultiple: build.mutation<ResolveMultipleResponse, { errorIds: string[]; notes?: string }>({
      query: ({ errorIds, notes }) => ({ url: 'api/error-logs/resolve-multiple', method: 'PUT', body: notes ? { errorIds, notes } : { errorIds } }),
      invalidatesTags: [STATS, ACTIVITIES],
      async onQueryStarted({ errorIds, notes }, { dispatch, getState, queryFulfilled }) {
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!ok) return;
        // Only the open ones were resolved (docs/logs.md); the answer has no rows, so mark them here.
        const ids = new Set(errorIds);
        const now = new Date().toISOString();
        for (const args of logsApi.util.selectCachedArgsForQuery(getState(), 'getErrorLogs')) {
          dispatch(
            logsApi.util.updateQueryData('getErrorLogs', args, (page) => {
              for (const r of page.data) {
                if (ids.has(r.id) && !r.resolved) Object.assign(r, { resolved: true, resolved_at: now, notes: notes?.trim() || null });
              }
            }),
          );
        }
      },
    }),
    getActivities: build.query<LogPage<ActivityLogEntry>, ActivityQuery>({
      query: (q) => ({ url: 'api/activities', params: queryParams(q) }),
      providesTags: [ACTIVITIES],
      keepUnusedDataFor: CACHE_TTL.list,
    }),
  }),
});

export const { useGetErrorLogsQuery, useGetErrorStatsQuery, useResolveErrorMutation, useResolveMultipleMutation, useGetActivitiesQuery } = logsApi;
