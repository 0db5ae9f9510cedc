import fp from 'fastify-plugin';
import { cachedToday } from '../../../common/core/dates';
import { normalizeFilters, type PartiteFilters } from '../../../common/matches/read';
import { PUBLIC_PAGE_SIZE } from '../../../common/matches/public-page';
import { ListingCache, type CachedListing } from '../../shared/listing-cache';
import * as repo from './repo';

/** The first page: what the page of / carries (docs/public-page.md). */
const FIRST_PAGE: repo.PageRange = { offset: 0, limit: PUBLIC_PAGE_SIZE };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public list of upcoming matches for these (normalised) filters, none by default, serialised
     * and cached until the next write to public.partite: GET /api/partite/public, and the page of /
     * that server/app.ts renders with the list in it (docs/public-page.md).
     */
    publicListing(filters?: PartiteFilters, page?: repo.PageRange): Promise<CachedListing>;
    /** Whether that page would start a read of the database of its own now (ListingCache.misses): what the per-address limit counts. */
    publicListingMisses(filters: PartiteFilters, page: repo.PageRange): boolean;
  }
}

/** Provides `app.publicListing`; registered at the root by server/app.ts. */
export const publicListingPlugin = fp(
  async (app) => {
    const { pool, config } = app.deps;
    const cache = new ListingCache(pool, app.log, 'partite_changed');
    app.addHook('onClose', async () => cache.stop());
    // The text filters match in any case (ILIKE): every spelling of one filter is one entry.
    const keyOf = (today: string, filters: PartiteFilters, page: repo.PageRange) => `${today}|${JSON.stringify(filters).toLowerCase()}|${page.offset}|${page.limit}`;
    app.decorate('publicListing', (appliedFilters: PartiteFilters = normalizeFilters({}), page: repo.PageRange = FIRST_PAGE) => {
      const today = cachedToday(config.timezone);
      cache.ensureStarted();
      return cache.load(keyOf(today, appliedFilters, page), async () => {
        const { data, total } = await repo.listUpcoming(pool, today, appliedFilters, page);
        return JSON.stringify({ success: true, data, total, offset: page.offset, limit: page.limit, appliedFilters, error: null });
      });
    });
    app.decorate('publicListingMisses', (filters: PartiteFilters, page: repo.PageRange) => cache.misses(keyOf(cachedToday(config.timezone), filters, page)));
  },
  { name: 'public-listing', fastify: '5.x' },
);
