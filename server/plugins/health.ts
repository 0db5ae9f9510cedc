import fp from 'fastify-plugin';
import type { Pool } from '../db/pool';

/** GET /api/health: 200 while the database answers, 503 when it does not (docs/operations.md). */
export const healthPlugin = fp<{ pool: Pool }>(
  async (app, { pool }) => {
    app.get('/api/health', async (_request, reply) => {
      try {
        await pool.query('SELECT 1');
        return { status: 'ok', database: 'up' };
      } catch {
        return reply.status(503).send({ status: 'error', database: 'down' });
      }
    });
  },
  { name: 'health', fastify: '5.x' },
);
