import fp from 'fastify-plugin';
import type { Pool } from '../db/pool';
import { z } from '../../common/core/zod';
import { zodRoutes } from '../shared/route-schemas';

/** The two answers of GET /api/health (docs/operations.md): server-only, so beside the route. */
const healthUp = z.object({ status: z.literal('ok'), database: z.literal('up') });
const databaseDown = z.object({ status: z.literal('error'), database: z.literal('down') });
/** A 503 of the shutdown (server/plugins/lifecycle.ts) or of the error handler reaches this route too. */
const unavailable = z.object({ error: z.string(), requestId: z.string().optional() });
const healthDown = z.union([databaseDown, unavailable]);

/** GET /api/health: 200 while the database answers, 503 when it does not (docs/operations.md). */
export const healthPlugin = fp<{ pool: Pool }>(
  async (root, { pool }) => {
    const app = zodRoutes(root);
    app.get('/api/health', { schema: { response: { 200: healthUp, 503: healthDown } } }, async (_request, reply) => {
      try {
        await pool.query('SELECT 1');
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.status(503).send({ status: 'error', database: 'down' });
      }
    });
  },
  { name: 'health', fastify: '5.x' },
);
