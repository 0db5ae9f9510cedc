// Who gets past the door of each route of server/rest/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { all, signedIn, type Row } from '../../test/access';

export const accessRows: Row[] = [
  // PostgREST-compatible read of partite: anonymous role 401, users read, nobody writes.
  { method: 'GET', route: '/rest/v1/partite', url: '/rest/v1/partite?select=*', expect: signedIn(200) },
  ...(['POST', 'PATCH', 'PUT', 'DELETE'] as const).map((method): Row => ({ method, route: '/rest/v1/partite', expect: signedIn(403) })),
  // Any other table is not in the schema cache, for everyone (app.all: every method Fastify knows).
  ...(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'QUERY', 'TRACE'] as const).map(
    // (Fastify wants a content type on QUERY, as on POST.)
    (method): Row => ({ method, route: '/rest/v1/:table', url: '/rest/v1/users', ...(method === 'QUERY' ? { payload: {} } : {}), expect: all(404) }),
  ),
];
