// Who gets past the door of each route of server/features/logs/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { all, adminOnly, ZERO_UUID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Logs (docs/api.md): the error intake is open to everyone, the rest to administrators.
  { method: 'POST', route: '/api/error-logs', payload: {}, expect: all(400) },
  { method: 'GET', route: '/api/error-logs', expect: adminOnly(200) },
  { method: 'GET', route: '/api/error-stats', expect: adminOnly(200) },
  { method: 'PUT', route: '/api/error-logs/resolve-multiple', payload: {}, expect: adminOnly(400) },
  { method: 'PUT', route: '/api/error-logs/:id/resolve', url: `/api/error-logs/${ZERO_UUID}/resolve`, payload: {}, expect: adminOnly(404) },
  { method: 'GET', route: '/api/activities', expect: adminOnly(200) },
];
