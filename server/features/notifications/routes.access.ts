// Who gets past the door of each route of server/features/notifications/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { all, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Notifications: the unsubscribe link of the mails, no sign-in (a signed token);
  // without a token the page (GET) and the one-click POST answer 400.
  { method: 'GET', route: '/api/notifiche/disiscrivi', expect: all(400) },
  { method: 'POST', route: '/api/notifiche/disiscrivi', expect: all(400) },
];
