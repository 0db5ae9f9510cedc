import type { FastifyPluginAsync } from 'fastify';

// Placeholder: filled in by its feature's issue.
export const gruppiRoutes: FastifyPluginAsync = async () => {};
