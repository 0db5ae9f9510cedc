// Who gets past the door of each route of server/features/teamsheet/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an unknown match, an invalid body).
import { editorUp, signedIn, UNKNOWN_ID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // The team sheet (docs/teamsheet.md): every signed-in user gets past the door, the handler then
  // checks the match's category against the caller's (403 when not followed); editors write.
  { method: 'GET', route: '/api/partite/:id/distinta', url: `/api/partite/${UNKNOWN_ID}/distinta`, expect: signedIn(404) },
  { method: 'PUT', route: '/api/partite/:id/distinta', url: `/api/partite/${UNKNOWN_ID}/distinta`, payload: {}, expect: editorUp(400) },
  { method: 'GET', route: '/api/partite/:id/distinta.pdf', url: `/api/partite/${UNKNOWN_ID}/distinta.pdf`, expect: signedIn(404) },
  { method: 'GET', route: '/api/partite/:id/distinta/stampe', url: `/api/partite/${UNKNOWN_ID}/distinta/stampe`, expect: signedIn(404) },
  // The day's sheets of the categories one follows (none followed: an empty list).
  { method: 'GET', route: '/api/distinte', url: '/api/distinte?data=2026-11-21', expect: signedIn(200) },
];
