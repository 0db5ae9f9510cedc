// Who gets past the door of each route of server/features/callups/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value, a wrong link).
import { all, editorUp, signedIn, UNKNOWN_ID, type Row } from '../../../test/access';

const WRONG_LINK = 'A'.repeat(43);

export const accessRows: Row[] = [
  // Call-ups (docs/callups.md): every signed-in user reads the call-ups of the categories they follow; editors
  // (a coach) change, send and remind. An unknown match is a 404 past the door.
  { method: 'GET', route: '/api/partite/:id/convocazione', url: `/api/partite/${UNKNOWN_ID}/convocazione`, expect: signedIn(404) },
  { method: 'PUT', route: '/api/partite/:id/convocazione', url: `/api/partite/${UNKNOWN_ID}/convocazione`, payload: {}, expect: editorUp(400) },
  { method: 'POST', route: '/api/partite/:id/convocazione/invia', url: `/api/partite/${UNKNOWN_ID}/convocazione/invia`, expect: editorUp(404) },
  { method: 'POST', route: '/api/partite/:id/convocazione/sollecita', url: `/api/partite/${UNKNOWN_ID}/convocazione/sollecita`, expect: editorUp(404) },
  {
    method: 'PUT',
    route: '/api/partite/:id/convocazione/giocatori/:giocatoreId',
    url: `/api/partite/${UNKNOWN_ID}/convocazione/giocatori/${UNKNOWN_ID}`,
    payload: {},
    expect: editorUp(400),
  },
  { method: 'GET', route: '/api/convocazioni', expect: signedIn(400) },
  // The families' answer page: no sign-in; a wrong link is an Italian 404 for everyone.
  { method: 'GET', route: '/c/:token', url: `/c/${WRONG_LINK}`, expect: all(404) },
  { method: 'POST', route: '/c/:token', url: `/c/${WRONG_LINK}`, payload: {}, expect: all(404) },
  { method: 'GET', route: '/c/:token/calendario', url: `/c/${WRONG_LINK}/calendario`, expect: all(404) },
];
