import fp from 'fastify-plugin';
import { cachedToday } from '../../../common/core/dates';
import { normalizeFilters, type PartiteFilters } from '../../../common/partite/read';
import { ListingCache, type CachedListing } from '../../shared/listing-cache';
import * as repo from './repo';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public list of upcoming matches for these (normalised) filters, none by default, serialised
     * and cached until the next write to public.partite: GET /api/partite/public, and the page of /
     * that server/app.ts renders with the list in it (docs/public-page.md).
     */
    publicListing(filters?: PartiteFilters): Promise<CachedListing>;
  }
}

/** Provides `app.publicListing`; registered at the root by server/app.ts. */
export const publicListingPlugin = fp(
  async (app) => {
    const { pool, config } = app.deps;
    const cache = new ListingCache(pool, app.log, 'partite_changed');
    app.addHook('onClose', async () => cache.stop());
    app.decorate('publicListing', (appliedFilters: PartiteFilters = normalizeFilters({})) => {
      const today = cachedToday(config.timezone);
      // The text filters match in any case (ILIKE): every spelling of one filter is one entry.
      const key = `${today}|${JSON.stringify(appliedFilters).toLowerCase()}`;
      cache.ensureStarted();
      return cache.load(key, async () => {
        const data = await repo.listUpcoming(pool, today, appliedFilters);
        return JSON.stringify({ success: true, data, appliedFilters, error: null });
      });
    });
  },
  { name: 'public-listing', fastify: '5.x' },
);
