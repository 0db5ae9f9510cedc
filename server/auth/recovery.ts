import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Pool } from '../db/pool';
import { withTransaction } from '../db/pool';
import type { Mailer } from '../mail/mailer';
import { recoveryMail } from '../mail/templates';
import { hit } from '../shared/rate-limit';
import { recordActivity } from '../shared/activity';
import { LOGS_MSG } from '../../common/logs/messages';
import { roleOf } from './credentials';
import { sha256 } from './crypto';
import { issueLink } from './links';
import { findUserByEmail } from './repo';

/** The same address gets at most one recovery mail per minute (answered like any other request). */
export const RECOVERY_MAIL_COOLDOWN_SECONDS = 60;

/** Work that runs after the answer is sent; the app waits for it before closing. */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();
  constructor(private readonly log: () => FastifyBaseLogger) {}

  run(what: string, task: () => Promise<void>): void {
    const p = task()
      .catch((err) => this.log().error({ err }, `${what} non riuscito`))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async drain(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}

/** What became of a recovery request, as its activity record says (never the link or its token: docs/logs.md). */
type RecoveryOutcome = 'link_issued' | 'cooldown' | 'unknown_account' | 'disabled_account';

/**
 * Sends a recovery link to `email` if the account exists and its cooldown has passed; does
 * nothing otherwise. Callers answer the same whatever happens here, and run it after answering
 * so that the answer time does not reveal whether the account exists.
 * Every request is on the activity log (admins only), with the account when it exists and the
 * outcome; the record of an issued link commits with the link.
 */
export async function sendRecovery(
  deps: { pool: Pool; config: Config; mailer: Mailer },
  email: string,
  redirectTo: string,
  request: FastifyRequest | null = null,
): Promise<void> {
  const { limited } = await hit(deps.pool, `mail:recovery:${sha256(email)}`, 1, RECOVERY_MAIL_COOLDOWN_SECONDS);
  const user = await findUserByEmail(deps.pool, email);
  const record = (db: Parameters<typeof recordActivity>[0], outcome: RecoveryOutcome) =>
    recordActivity(db, request, {
      type: 'info',
      message: LOGS_MSG.activity.recoveryRequested(email),
      context: { outcome },
      user: user ? { id: user.id, email: user.email, role: roleOf(user) } : { id: null, email, role: null },
    });
  if (limited || !user || user.banned) {
    await record(deps.pool, limited ? 'cooldown' : !user ? 'unknown_account' : 'disabled_account');
    return;
  }
  const link = await withTransaction(deps.pool, async (db) => {
    const issued = await issueLink(db, deps.config, { userId: user.id, type: 'recovery', redirectTo });
    await record(db, 'link_issued');
    return issued;
  });
  await deps.mailer.send(recoveryMail(deps.config, { to: user.email, link }));
}
