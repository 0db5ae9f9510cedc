// Who gets past the door of each route of server/features/players/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { adminOnly, editorUp, signedIn, UNKNOWN_ID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Players (docs/players.md): every signed-in user reads the players of the categories they follow
  // (none followed: an empty list); editors write; administrators erase, export and review.
  { method: 'GET', route: '/api/giocatori', expect: signedIn(200) },
  { method: 'GET', route: '/api/giocatori/scadenze', expect: signedIn(200) },
  { method: 'GET', route: '/api/giocatori/da-rimuovere', expect: adminOnly(200) },
  { method: 'GET', route: '/api/giocatori/avvisi-partite', url: '/api/giocatori/avvisi-partite?dal=2026-11-02&al=2026-11-08', expect: signedIn(200) },
  { method: 'GET', route: '/api/giocatori/:id', url: `/api/giocatori/${UNKNOWN_ID}`, expect: signedIn(404) },
  { method: 'POST', route: '/api/giocatori', payload: {}, expect: editorUp(400) },
  { method: 'PUT', route: '/api/giocatori/:id', url: `/api/giocatori/${UNKNOWN_ID}`, payload: {}, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/giocatori/:id', url: `/api/giocatori/${UNKNOWN_ID}`, expect: adminOnly(404) },
  { method: 'GET', route: '/api/giocatori/:id/export', url: `/api/giocatori/${UNKNOWN_ID}/export`, expect: adminOnly(404) },
  { method: 'POST', route: '/api/giocatori/import', payload: {}, expect: editorUp(400) },
];
