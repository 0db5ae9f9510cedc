// The mails of a match's designations (docs/notifications.md): the work is in
// server/services/designations/mail.ts, shared with the notification worker (which queues the updated
// invitations after a match's change).
import type { Db } from '../../db/pool';
import type { Designazioni } from '../../../common/officials/rules';
import { queueDesignationMails } from './mail';

/**
 * Queues, inside the caller's transaction (after the designations are written), for each role whose
 * person changed: an invitation (iCalendar METHOD:REQUEST) to the new person and a cancellation
 * (METHOD:CANCEL, same UID, higher SEQUENCE) to the previous one, sent by the notification queue.
 */
export async function enqueueDesignationMails(db: Db, change: { partitaId: number; before: Designazioni; after: Designazioni }): Promise<void> {
  await queueDesignationMails(db, change);
}
