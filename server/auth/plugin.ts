import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { apiAuthRoutes } from './api-routes';
import { gotrueRoutes } from './gotrue';
import { authHousekeepingJob } from './housekeeping';
import { BackgroundTasks } from './recovery';

const auth: FastifyPluginAsync = async (app) => {
  const tasks = new BackgroundTasks(() => app.log);
  // Recovery mails go out after the answer; let them finish before the pool closes.
  app.addHook('onClose', () => tasks.drain());
  // Stale rate-limit counters, locks and attempts: swept by the scheduler, hourly.
  app.scheduler.register(authHousekeepingJob);
  await app.register(gotrueRoutes, { prefix: '/auth/v1', tasks });
  await app.register(apiAuthRoutes, { tasks });
};

/**
 * Authentication: the Supabase Auth protocol at /auth/v1 and the app's own /api/login,
 * /api/forgot-password, /api/me and /api/config. Registered by server/app.ts without prefix.
 */
export const authPlugin = fp(auth, { name: 'auth', fastify: '5.x', dependencies: ['scheduler'], encapsulate: true });
