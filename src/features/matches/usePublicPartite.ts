import { useEffect, useState } from 'react';
import { sanitizePartite, type Partita, type PartiteFilters } from '../../../common/partiteRead';
import { retryDelayMs, shouldRetry, type ErrorStatus } from '../../api/policy';

/** Query string of GET /api/partite/public for the applied filters ('' without any). */
export const publicQuery = (filters: PartiteFilters) => {
  const qs = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as Array<[string, string]>).toString();
  return qs ? `?${qs}` : '';
};

/** A list older than this (by the answer's Date header) came from the copy kept on the phone. */
export const STALE_AFTER_MS = 5 * 60_000;

export interface PublicListing {
  data?: Partita[];
  /** When the server produced the list shown (its Date header; a 304 refreshes it). */
  producedAt?: number;
  isLoading: boolean;
  isError: boolean;
}

interface Answer {
  key: string;
  data?: Partita[];
  producedAt?: number;
  error?: boolean;
}

async function fetchListing(query: string, signal: AbortSignal): Promise<{ data: Partita[]; producedAt: number }> {
  for (let attempt = 1; ; attempt++) {
    let status: ErrorStatus;
    try {
      const response = await fetch(`/api/partite/public${query}`, { headers: { accept: 'application/json' }, signal });
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
    if (!shouldRetry(status, attempt)) throw new Error(`HTTP ${status}`);
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    if (signal.aborted) throw new Error('aborted');
  }
}

/**
 * GET /api/partite/public with plain fetch, no Redux store (issue 13: the public page's shell has none).
 * Spec 7's retries (2, on 5xx/429/network); the previous list stays shown while new filters load. The
 * browser revalidates with the server's ETag; the service worker answers from its copy when offline.
 */
export function usePublicPartite(filters: PartiteFilters): PublicListing {
  const key = publicQuery(filters);
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchListing(key, controller.signal).then(
      (result) => setAnswer({ key, ...result }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, error: true });
      },
    );
    return () => controller.abort();
  }, [key]);
  return {
    data: answer?.data,
    producedAt: answer?.producedAt,
    isLoading: answer === null,
    isError: Boolean(answer?.error),
  };
}
