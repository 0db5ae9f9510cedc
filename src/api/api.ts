import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { SessionState } from '../store/sessionSlice';

/** Every tag type of the app; features add their endpoints with api.injectEndpoints. */
export const TAG_TYPES = ['Partita', 'Gruppo', 'User', 'UserAudit', 'Suggestion', 'Me'] as const;
export type TagType = (typeof TAG_TYPES)[number];

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  prepareHeaders(headers, { getState }) {
    const token = (getState() as { session: SessionState }).session.accessToken;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** The one createApi of the SPA (the shell issue layers retries, error mapping and refresh on it). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: rawBaseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});

/** Tags of a list: one per item plus the list tag, so creating invalidates the list only. */
export function listTags<T extends TagType>(type: T, items: ReadonlyArray<{ id: string | number }> | undefined) {
  return [...(items ?? []).map(({ id }) => ({ type, id })), { type, id: 'LIST' as const }];
}

export const itemTag = <T extends TagType>(type: T, id: string | number) => ({ type, id });
export const listTag = <T extends TagType>(type: T) => ({ type, id: 'LIST' as const });

/** What every failed call of the base query carries: the HTTP status (or a fetch error kind) and the Italian message to show. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
}

/** The Italian message of an RTK Query error (or of anything thrown), for toasts and banners. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; data?: { error?: unknown }; status?: unknown };
    if (typeof e.message === 'string') return e.message;
    if (e.data && typeof e.data.error === 'string') return e.data.error;
    if (typeof e.status === 'number') return `HTTP ${e.status}`;
  }
  return 'Errore sconosciuto';
}
