// Who gets past the door of each route of server/features/import/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { editorUp, type Row } from '../../../test/access';

export const accessRows: Row[] = [
  // Import: editors and administrators; an empty body is a 400 (nothing written).
  { method: 'POST', route: '/api/partite/import', payload: {}, expect: editorUp(400) },
  { method: 'POST', route: '/api/partite/import/check', payload: {}, expect: editorUp(400) },
];
