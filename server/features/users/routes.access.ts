// Who gets past the door of each route of server/features/users/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { adminOnly, ZERO_UUID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Users (docs/users.md): administrators only.
  { method: 'GET', route: '/api/users', expect: adminOnly(200) },
  { method: 'POST', route: '/api/users', payload: {}, expect: adminOnly(400) },
  { method: 'PUT', route: '/api/users/:id/role', url: `/api/users/${ZERO_UUID}/role`, payload: {}, expect: adminOnly(400) },
  { method: 'DELETE', route: '/api/users/:id', url: `/api/users/${ZERO_UUID}`, expect: adminOnly(404) },
  { method: 'POST', route: '/api/users/sync', payload: { nessuno: 1 }, expect: adminOnly(400) },
  { method: 'POST', route: '/api/users/:id/unlock', url: `/api/users/${ZERO_UUID}/unlock`, payload: {}, expect: adminOnly(404) },
  { method: 'POST', route: '/api/users/:id/reinvito', url: `/api/users/${ZERO_UUID}/reinvito`, payload: {}, expect: adminOnly(404) },
  { method: 'GET', route: '/api/user-audit', expect: adminOnly(200) },
  // The categories a user follows (docs/players.md): administrators only.
  { method: 'PUT', route: '/api/users/:id/gruppi', url: `/api/users/${ZERO_UUID}/gruppi`, payload: {}, expect: adminOnly(400) },
];
