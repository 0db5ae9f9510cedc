// Who gets past the door of each route of server/features/export/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { signedIn, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Exports (docs/api.md): any signed-in user; an empty body or query is a 400 (no file is made).
  { method: 'GET', route: '/api/exports/preview/table', expect: signedIn(400) },
  { method: 'GET', route: '/api/exports/preview/week', expect: signedIn(400) },
  { method: 'GET', route: '/api/exports/preview/day', expect: signedIn(400) },
  { method: 'POST', route: '/api/exports/table.csv', payload: {}, expect: signedIn(400) },
  { method: 'POST', route: '/api/exports/table.pdf', payload: {}, expect: signedIn(400) },
  { method: 'POST', route: '/api/exports/week.pdf', payload: {}, expect: signedIn(400) },
  { method: 'POST', route: '/api/exports/day.pdf', payload: {}, expect: signedIn(400) },
];
