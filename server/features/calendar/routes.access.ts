// Who gets past the door of each route of server/features/calendar/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { all, UNKNOWN_ID, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Calendar feeds: public like the dashboard's list; an unknown category is a 404.
  { method: 'GET', route: '/api/calendar.ics', expect: all(200) },
  { method: 'GET', route: '/api/calendar/:id.ics', url: `/api/calendar/${UNKNOWN_ID}.ics`, expect: all(404) },
  // An official's private feed (docs/officials.md): no sign-in, the token is the key; an unknown one is a 404.
  { method: 'GET', route: '/api/calendar/dirigente/:token.ics', url: `/api/calendar/dirigente/${'0'.repeat(64)}.ics`, expect: all(404) },
];
