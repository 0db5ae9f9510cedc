// Who gets past the door of each route of server/features/closures/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { signedIn, editorUp, UNKNOWN_ID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // The club's closures (docs/trainings.md): reading for every signed-in user, writing for editors up.
  { method: 'GET', route: '/api/chiusure', expect: signedIn(200) },
  { method: 'POST', route: '/api/chiusure', payload: {}, expect: editorUp(400) },
  { method: 'PUT', route: '/api/chiusure/:id', url: `/api/chiusure/${UNKNOWN_ID}`, payload: {}, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/chiusure/:id', url: `/api/chiusure/${UNKNOWN_ID}`, expect: editorUp(404) },
];
