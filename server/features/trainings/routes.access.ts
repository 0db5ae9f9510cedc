// Who gets past the door of each route of server/features/trainings/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { signedIn, editorUp, UNKNOWN_ID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Training slots and the slot finder (docs/trainings.md): reading for every signed-in user, writing for editors up.
  { method: 'GET', route: '/api/allenamenti', expect: signedIn(200) },
  { method: 'POST', route: '/api/allenamenti', payload: {}, expect: editorUp(400) },
  { method: 'PUT', route: '/api/allenamenti/:id', url: `/api/allenamenti/${UNKNOWN_ID}`, payload: {}, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/allenamenti/:id', url: `/api/allenamenti/${UNKNOWN_ID}`, expect: editorUp(404) },
  { method: 'POST', route: '/api/allenamenti/:id/salta', url: `/api/allenamenti/${UNKNOWN_ID}/salta`, payload: {}, expect: editorUp(400) },
];
