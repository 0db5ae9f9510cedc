import { useEffect, useRef, useState } from 'react';
import { sanitizePartite, type Partita, type PartiteFilters } from '../../../common/matches/read';
import { PUBLIC_PAGE_SIZE, PUBLIC_STALE_AFTER_MS } from '../../../common/matches/public-page';

/**
 * Query string of GET /api/partite/public for the applied filters ('' without any) and, past the first page,
 * the page (the first is the server's default page: the same address as index.html's preload).
 */
export const publicQuery = (filters: PartiteFilters, offset = 0) => {
  const entries = Object.entries(filters).filter(([, v]) => v) as Array<[string, string]>;
  if (offset > 0) entries.push(['offset', String(offset)], ['limit', String(PUBLIC_PAGE_SIZE)]);
  const qs = new URLSearchParams(entries).toString();
  return qs ? `?${qs}` : '';
};

/** A list older than this (by the answer's Date header) came from the copy kept on the phone. */
export const STALE_AFTER_MS = PUBLIC_STALE_AFTER_MS;

export interface PublicListing {
  /** The pages loaded so far. */
  data?: Partita[];
  /** How many matches pass the filters in all (the list comes by pages: docs/public-page.md). */
  total: number;
  /** When the server produced the list shown (its Date header; a 304 refreshes it). */
  producedAt?: number;
  isLoading: boolean;
  isError: boolean;
  /** Fetches the next page ('Mostra altre partite'); nothing while one is loading or all are there. */
  loadMore: () => void;
  loadingMore: boolean;
  /** The last next page could not be loaded (a new press tries again). */
  moreFailed: boolean;
}

interface Answer {
  key: string;
  /** The list came from the page's JSON block (server/shared/public-home.ts). */
  fromPage?: boolean;
  data?: Partita[];
  total?: number;
  producedAt?: number;
  error?: boolean;
  loadingMore?: boolean;
  moreFailed?: boolean;
}

/**
 * The retry rule of docs/api.md (src/api/policy.ts, which this shell cannot import without the whole message
 * catalogue): at most 2 retries, after 1 s then 2 s, on 5xx, 429 or a network failure.
 */
const MAX_RETRIES = 2;
const retryable = (status: number | 'FETCH_ERROR') => status === 'FETCH_ERROR' || status === 429 || (status >= 500 && status <= 599);

/** The answer's total (an older server or copy without one: the rows it has). */
const totalOf = (total: unknown, data: Partita[]) => (typeof total === 'number' && total >= data.length ? total : data.length);

async function fetchListing(query: string, signal: AbortSignal): Promise<{ data: Partita[]; total: number; producedAt: number }> {
  for (let attempt = 1; ; attempt++) {
    let status: number | 'FETCH_ERROR';
    try {
      // No extra headers: the first call must match index.html's <link rel="preload"> to reuse its answer.
      const response = await fetch(`/api/partite/public${query}`, { signal });
      if (response.ok) {
        const body = (await response.json()) as { data?: unknown; total?: unknown };
        const date = Date.parse(response.headers.get('date') ?? '');
        const data = sanitizePartite(body?.data);
        return { data, total: totalOf(body?.total, data), producedAt: Number.isNaN(date) ? Date.now() : date };
      }
      status = response.status;
    } catch (e) {
      if (signal.aborted) throw e;
      status = 'FETCH_ERROR';
    }
    if (attempt > MAX_RETRIES || !retryable(status)) throw new Error(`HTTP ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)));
    if (signal.aborted) throw new Error('aborted');
  }
}

/** The id server/shared/public-home.ts gives the JSON block. */
const PUBLIC_DATA_ID = 'public-partite';
let pageListingTaken = false;

/**
 * The unfiltered list the server rendered into / (docs/public-page.md), read once: the first render shows it
 * without waiting for a fetch; later mounts (after a sign-out, a retry) fetch as before.
 */
function takeServerListing(): Answer | null {
  if (pageListingTaken || typeof document === 'undefined') return null;
  pageListingTaken = true;
  const block = document.getElementById(PUBLIC_DATA_ID);
  if (!block?.textContent) return null;
  try {
    const page = JSON.parse(block.textContent) as { producedAt?: number; body?: { data?: unknown; total?: unknown } };
    const data = sanitizePartite(page.body?.data);
    return { key: '', fromPage: true, data, total: totalOf(page.body?.total, data), producedAt: Number(page.producedAt) || Date.now() };
  } catch {
    return null;
  }
}

/**
 * GET /api/partite/public with plain fetch, no Redux store (docs/public-page.md: the public page's shell has none), a page at a
 * time: the first for the filters, the next ones on `loadMore`, appended. The retries of docs/api.md (2, on 5xx/429/network);
 * the previous list stays shown while new filters load. The browser revalidates with the server's ETag; the service worker
 * answers from its copy when offline.
 */
export function usePublicMatches(filters: PartiteFilters): PublicListing {
  const key = publicQuery(filters);
  const [answer, setAnswer] = useState<Answer | null>(takeServerListing);
  // The next page's request, aborted when the filters change.
  const more = useRef<AbortController | null>(null);
  useEffect(() => {
    // The list the server put in the page (no filters) needs no second download.
    if (answer?.key === key && answer.fromPage) return;
    const controller = new AbortController();
    fetchListing(key, controller.signal).then(
      (result) => setAnswer({ key, ...result }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, error: true });
      },
    );
    return () => {
      controller.abort();
      more.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetch on a change of filters only
  }, [key]);
  const loadMore = () => {
    const current = answer;
    if (!current?.data || current.key !== key || current.loadingMore || current.data.length >= (current.total ?? 0)) return;
    const controller = new AbortController();
    more.current = controller;
    setAnswer({ ...current, loadingMore: true, moreFailed: false });
    fetchListing(publicQuery(filters, current.data.length), controller.signal).then(
      (page) =>
        setAnswer((now) => {
          if (now?.key !== key || !now.data) return now;
          // A match moved between two pages since the first was read is not shown twice.
          const seen = new Set(now.data.map((p) => p.id));
          const data = [...now.data, ...page.data.filter((p) => !seen.has(p.id))];
          return { ...now, data, total: Math.max(page.total, data.length), producedAt: page.producedAt, loadingMore: false };
        }),
      () => {
        if (!controller.signal.aborted) setAnswer((now) => (now?.key === key ? { ...now, loadingMore: false, moreFailed: true } : now));
      },
    );
  };
  return {
    data: answer?.data,
    total: answer?.total ?? answer?.data?.length ?? 0,
    producedAt: answer?.producedAt,
    isLoading: answer === null,
    isError: Boolean(answer?.error),
    loadMore,
    loadingMore: Boolean(answer?.loadingMore),
    moreFailed: Boolean(answer?.moreFailed),
  };
}
