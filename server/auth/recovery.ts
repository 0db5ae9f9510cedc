import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Pool } from '../db/pool';
import { withTransaction } from '../db/pool';
import type { Mailer } from '../mail/mailer';
import { recoveryMail } from '../mail/templates';
import { hit } from '../plugins/rate-limit';
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

/**
 * Sends a recovery link to `email` if the account exists and its cooldown has passed; does
 * nothing otherwise. Callers answer the same whatever happens here, and run it after answering
 * so that the answer time does not reveal whether the account exists.
 */
export async function sendRecovery(deps: { pool: Pool; config: Config; mailer: Mailer }, email: string, redirectTo: string): Promise<void> {
  const { limited } = await hit(deps.pool, `mail:recovery:${sha256(email)}`, 1, RECOVERY_MAIL_COOLDOWN_SECONDS);
  if (limited) return;
  const user = await findUserByEmail(deps.pool, email);
  if (!user || user.banned) return;
  const link = await withTransaction(deps.pool, (db) => issueLink(db, deps.config, { userId: user.id, type: 'recovery', redirectTo }));
  await deps.mailer.send(recoveryMail(deps.config, { to: user.email, link }));
}
