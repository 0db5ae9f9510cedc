// Who gets past the door of each route of server/features/officials/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { signedIn, editorUp, UNKNOWN_ID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Officials and designations (docs/officials.md): reading for every signed-in user, writing, feed addresses and the uncovered list for editors up.
  { method: 'GET', route: '/api/dirigenti', expect: signedIn(200) },
  { method: 'POST', route: '/api/dirigenti', payload: {}, expect: editorUp(400) },
  { method: 'PUT', route: '/api/dirigenti/:id', url: `/api/dirigenti/${UNKNOWN_ID}`, payload: {}, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/dirigenti/:id', url: `/api/dirigenti/${UNKNOWN_ID}`, expect: editorUp(404) },
  { method: 'GET', route: '/api/dirigenti/:id/calendario', url: `/api/dirigenti/${UNKNOWN_ID}/calendario`, expect: editorUp(404) },
  { method: 'POST', route: '/api/dirigenti/:id/calendario/revoca', url: `/api/dirigenti/${UNKNOWN_ID}/calendario/revoca`, expect: editorUp(404) },
  { method: 'PUT', route: '/api/partite/:id/designazioni', url: `/api/partite/${UNKNOWN_ID}/designazioni`, payload: {}, expect: editorUp(400) },
  { method: 'GET', route: '/api/designazioni', expect: signedIn(400) },
  { method: 'GET', route: '/api/designazioni/scoperte', expect: editorUp(200) },
];
