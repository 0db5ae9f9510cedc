// Who gets past the door of each route of server/features/groups/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { editorUp, adminOnly, UNKNOWN_ID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Categories (docs/users.md): editors list and rename, administrators create and delete.
  { method: 'GET', route: '/api/gruppi', expect: editorUp(200) },
  { method: 'POST', route: '/api/gruppi', payload: {}, expect: adminOnly(400) },
  { method: 'PUT', route: '/api/gruppi/:id', url: `/api/gruppi/${UNKNOWN_ID}`, payload: {}, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/gruppi/:id', url: `/api/gruppi/${UNKNOWN_ID}`, expect: adminOnly(404) },
  { method: 'GET', route: '/api/gruppi/:id/eliminazione', url: `/api/gruppi/${UNKNOWN_ID}/eliminazione`, expect: adminOnly(404) },
];
