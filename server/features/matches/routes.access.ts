// Who gets past the door of each route of server/features/matches/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { all, signedIn, editorUp, UNKNOWN_ID, ZERO_UUID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Matches (docs/matches.md): the public listing is open, reading needs a sign-in, writing the editor role.
  // By pages (docs/public-page.md): a later page, as 'Mostra altre partite' asks it.
  { method: 'GET', route: '/api/partite/public', url: '/api/partite/public?offset=60&limit=60', expect: all(200) },
  { method: 'GET', route: '/api/partite/:id', url: `/api/partite/${UNKNOWN_ID}`, expect: signedIn(404) },
  { method: 'POST', route: '/api/partite', payload: {}, expect: editorUp(400) },
  // With designazioni (the match and its designations in one save): the match's fields are missing.
  { method: 'PUT', route: '/api/partite/:id', url: `/api/partite/${UNKNOWN_ID}`, payload: { designazioni: { arbitro: null, accompagnatore: null, addettoArbitro: null } }, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/partite/:id', url: `/api/partite/${UNKNOWN_ID}`, expect: editorUp(404) },
  { method: 'GET', route: '/api/squadre/suggestions', url: '/api/squadre/suggestions?search=zz', expect: signedIn(200) },
  { method: 'GET', route: '/api/campi/suggestions', url: '/api/campi/suggestions?search=zz', expect: signedIn(200) },
  // Match status: editors and administrators; an empty body is a 400, an unknown operation a 404.
  { method: 'POST', route: '/api/partite/stato', payload: {}, expect: editorUp(400) },
  { method: 'POST', route: '/api/partite/stato/:operazione/annulla', url: `/api/partite/stato/${ZERO_UUID}/annulla`, expect: editorUp(404) },
];
