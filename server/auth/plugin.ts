import type { FastifyPluginAsync } from 'fastify';
import { apiAuthRoutes } from './api-routes';
import { gotrueRoutes } from './gotrue';
import { Housekeeping } from './housekeeping';
import { BackgroundTasks } from './recovery';

/**
 * Authentication: the Supabase Auth protocol at /auth/v1 and the app's own /api/login,
 * /api/forgot-password, /api/me and /api/config. Registered by server/app.ts without prefix.
 */
export const authPlugin: FastifyPluginAsync = async (app) => {
  const tasks = new BackgroundTasks(() => app.log);
  // Recovery mails go out after the answer; let them finish before the pool closes.
  app.addHook('onClose', () => tasks.drain());
  // Stale rate-limit counters, locks and attempts: swept after an answer, at most once an hour.
  const housekeeping = new Housekeeping(app.deps.pool, () => app.log, undefined, app.deps.config.logRetentionDays);
  app.addHook('onResponse', async () => {
    const sweep = housekeeping.maybeRun();
    if (sweep) tasks.run('pulizia delle righe scadute', () => sweep);
  });
  await app.register(gotrueRoutes, { prefix: '/auth/v1', tasks });
  await app.register(apiAuthRoutes, { tasks });
};
