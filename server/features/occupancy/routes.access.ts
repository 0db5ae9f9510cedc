// Who gets past the door of each route of server/features/occupancy/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { editorUp, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Clashes: editors and administrators; an empty candidate has nothing to compare (200), no period is a 400.
  { method: 'POST', route: '/api/partite/conflitti', payload: {}, expect: editorUp(200) },
  { method: 'GET', route: '/api/occupazione', expect: editorUp(400) },
  { method: 'GET', route: '/api/slot-liberi', expect: editorUp(400) },
];
