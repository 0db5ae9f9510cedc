import { useEffect, useState } from 'react';
import { sanitizePartite, type Partita, type PartiteFilters } from '../../../common/partite/read';
import { PUBLIC_STALE_AFTER_MS } from '../../../common/partite/publicPage';

/** Query string of GET /api/partite/public for the applied filters ('' without any). */
export const publicQuery = (filters: PartiteFilters) => {
  const qs = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as Array<[string, string]>).toString();
  return qs ? `?${qs}` : '';
};

/** A list older than this (by the answer's Date header) came from the copy kept on the phone. */
export const STALE_AFTER_MS = PUBLIC_STALE_AFTER_MS;

export interface PublicListing {
  data?: Partita[];
  /** When the server produced the list shown (its Date header; a 304 refreshes it). */
  producedAt?: number;
  isLoading: boolean;
  isError: boolean;
}

interface Answer {
  key: string;
  /** The list came from the page's JSON block (server/shared/public-home.ts). */
  fromPage?: boolean;
  data?: Partita[];
  producedAt?: number;
  error?: boolean;
}

/**
 * The retry rule of docs/api.md (src/api/policy.ts, which this shell cannot import without the whole message
 * catalogue): at most 2 retries, after 1 s then 2 s, on 5xx, 429 or a network failure.
 */
const MAX_RETRIES = 2;
const retryable = (status: number | 'FETCH_ERROR') => status === 'FETCH_ERROR' || status === 429 || (status >= 500 && status <= 599);

async function fetchListing(query: string, signal: AbortSignal): Promise<{ data: Partita[]; producedAt: number }> {
  for (let attempt = 1; ; attempt++) {
    let status: number | 'FETCH_ERROR';
    try {
      // No extra headers: the first call must match index.html's <link rel="preload"> to reuse its answer.
      const response = await fetch(`/api/partite/public${query}`, { signal });
      if (response.ok) {
        const body = (await response.json()) as { data?: unknown };
        const date = Date.parse(response.headers.get('date') ?? '');
        return { data: sanitizePartite(body?.data), producedAt: Number.isNaN(date) ? Date.now() : date };
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
    const page = JSON.parse(block.textContent) as { producedAt?: number; body?: { data?: unknown } };
    return { key: '', fromPage: true, data: sanitizePartite(page.body?.data), producedAt: Number(page.producedAt) || Date.now() };
  } catch {
    return null;
  }
}

/**
 * GET /api/partite/public with plain fetch, no Redux store (docs/public-page.md: the public page's shell has none).
 * The retries of docs/api.md (2, on 5xx/429/network); the previous list stays shown while new filters load. The
 * browser revalidates with the server's ETag; the service worker answers from its copy when offline.
 */
export function usePublicPartite(filters: PartiteFilters): PublicListing {
  const key = publicQuery(filters);
  const [answer, setAnswer] = useState<Answer | null>(takeServerListing);
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
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetch on a change of filters only
  }, [key]);
  return {
    data: answer?.data,
    producedAt: answer?.producedAt,
    isLoading: answer === null,
    isError: Boolean(answer?.error),
  };
}
