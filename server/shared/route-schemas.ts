import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from '../../common/core/zod';
import { requireRole } from './auth-guard';

/**
 * Route schemas (docs/architecture.md, 'Routes'): every route declares its params, querystring, body
 * and response with the zod schemas of common/ through fastify-type-provider-zod. The handlers get
 * typed, validated input; the answers are encoded by their schema; the OpenAPI document comes from
 * the same schemas. A refused input is answered as it always was: the first issue's Italian text.
 */

/** A feature's route plugin, typed by its zod schemas. */
export const zodRoutes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The largest PostgreSQL integer: serial ids never go past it. */
export const MAX_ID = 2_147_483_647;

/**
 * A numeric id of the URL (`/partite/:id`): a positive integer written without sign, decimals or
 * leading zeros, at most MAX_ID. Anything else names no row: 404 with the route's message, as a
 * well-formed id that does not exist (errors.ts answers a refused params part 404).
 */
export const idSchema = (notFoundMessage: string) =>
  z
    .string({ error: notFoundMessage })
    .regex(/^[1-9][0-9]{0,9}$/, notFoundMessage)
    .transform(Number)
    .refine((n) => n <= MAX_ID, notFoundMessage);

/** `{ id }` params of a route on one row. */
export const idParams = (notFoundMessage: string) => z.object({ id: idSchema(notFoundMessage) });

/** A request without a body (or a JSON null) is read as `{}`, as before: it names its first missing field. */
async function emptyBodyAsObject(request: FastifyRequest) {
  if ((request.body === undefined || request.body === null) && request.routeOptions.schema?.body) request.body = {};
}

/**
 * The compilers, the empty-body rule and the OpenAPI document (`GET /api/docs/json`, admins only:
 * it maps every route a stranger could try). Registered once at the root by server/app.ts.
 */
export const routeSchemasPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('preValidation', emptyBodyAsObject);
    await app.register(swagger, {
      openapi: {
        info: { title: 'Calendario partite Garibaldina', description: 'API del calendario (docs/api.md)', version: '1' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/docs/json', { preHandler: requireRole('admin'), schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.swagger();
    });
  },
  { name: 'route-schemas', fastify: '5.x' },
);
