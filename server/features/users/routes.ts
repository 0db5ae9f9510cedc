import { syncResponse, userAuditResponse, userChangeResponse, userMessageResponse, usersListResponse } from '../../../common/users/types';
import type { FastifyPluginAsync, FastifyRequest, preValidationHookHandler } from 'fastify';
import type pg from 'pg';
import { MSG } from '../../../common/core/messages';
import { auditQuerySchema, changeRoleSchema, inviteUserSchema, syncUsersSchema, userIdParamsSchema, type User } from '../../../common/users/rules';
import { withTransaction } from '../../db/pool';
import { forgetUserSessions, requireRole, type AuthUser } from '../../shared/auth-guard';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../shared/errors';
import { zodRoutes } from '../../shared/route-schemas';
import { issueLink } from '../../auth/links';
import { invitationMail } from '../../mail/templates';
import * as accounts from '../../auth/accounts';
import { liftLocks } from '../../auth/lockout';
import * as repo from './repo';
import { recordActivity } from '../../shared/activity';
import { LOGS_MSG } from '../../../common/logs/messages';
import { ROLE_LABEL, type Role } from '../../../common/users/roles';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import { gruppiSeguitiBodySchema, type GruppiSeguiti } from '../../../common/players/rules';
import { gruppiByName, writeTies } from '../../services/player-access/player-access';

/** Who acts, as the audit record names them. */
function performer(request: FastifyRequest): { id: string; email: string; role: AuthUser['role'] } {
  const u = request.user!;
  return { id: u.id, email: u.email, role: u.role };
}

/**
 * The guard read the performer's role before the change lock was taken. The last-admin rule is
 * checked first (under the lock), so that two admins acting on each other at once get its clear
 * message; with self-changes refused, that is the only way to reach the last admin.
 * Then, under the change lock, the performer must still be an admin: another admin may have demoted
 * them a moment ago, after the guard of this request read their role.
 */
async function assertStillAdmin(db: Parameters<typeof accounts.findAccount>[0], request: FastifyRequest, message: string) {
  const me = await accounts.findAccount(db, request.user!.id);
  if (!me || me.role !== 'admin') throw forbidden(message);
}

/** 'Tutte le categorie', 'Pulcini, Esordienti' or 'nessuna categoria': how the activity record names a user's ties. */
const describeTies = (t: GruppiSeguiti) => (t.tutte ? GIOCATORI_MSG.users.tutte : t.gruppi.length ? t.gruppi.join(', ') : GIOCATORI_MSG.users.nessuna);

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === '23505';
}

/**
 * A malformed user id is a 400 'ID utente non valido' (docs/users.md), not the 404 of a refused params
 * schema: checked before validation, so it is still answered before a refused body.
 */
const userIdFirst: preValidationHookHandler = async (request) => {
  if (!userIdParamsSchema.safeParse(request.params).success) throw badRequest(MSG.users.idInvalid);
};

/** User management and the user audit log (docs/users.md): admins only. */
export const usersRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config, mailer } = app.deps;

  /** An admin's change: one transaction under the change lock, the performer still an admin (assertStillAdmin). */
  const asAdmin = <T>(request: FastifyRequest, message: string, change: (db: pg.PoolClient) => Promise<T>) =>
    withTransaction(pool, async (db) => {
      await repo.lockUserChanges(db);
      await assertStillAdmin(db, request, message);
      return change(db);
    });

  /** As asAdmin, on the user the route names: 404 'Utente non trovato' when there is none. */
  const onUser = <T>(request: FastifyRequest, id: string, message: string, change: (db: pg.PoolClient, target: User) => Promise<T>) =>
    asAdmin(request, message, async (db) => {
      const target = await repo.getUser(db, id);
      if (!target) throw notFound(MSG.users.notFound);
      return change(db, target);
    });

  /**
   * A new invitation link and its mail, sent before the commit: if it cannot be sent, a 503 in Italian
   * rolls the change back, so no half-invited account or dead link stays behind.
   */
  const sendInvitation = async (db: pg.PoolClient, request: FastifyRequest, to: { id: string; email: string; role: Role }) => {
    const link = await issueLink(db, config, { userId: to.id, type: 'invite' });
    try {
      await mailer.send(invitationMail(config, { to: to.email, link, role: to.role }));
    } catch (err) {
      request.log.warn({ err: (err as Error).message }, 'invio della mail di invito non riuscito');
      throw new HttpError(503, MSG.users.inviteMailFailed);
    }
  };

  app.get('/users', { preHandler: requireRole('admin', MSG.users.forbiddenList), schema: { response: { 200: usersListResponse } } }, async () => {
    const data = await repo.listUsers(pool);
    return { data, count: data.length, message: MSG.users.listLoaded(data.length) };
  });

  app.post(
    '/users',
    { preHandler: requireRole('admin', MSG.users.forbiddenInvite), schema: { body: inviteUserSchema, response: { 201: userChangeResponse } } },
    async (request, reply) => {
    const input = request.body;
    try {
      const user = await asAdmin(request, MSG.users.forbiddenInvite, async (db) => {
        if (await repo.emailTaken(db, input.email)) throw conflict(MSG.users.exists);
        const created = await repo.createInvitedAccount(db, input.email, input.role);
        await repo.insertAudit(db, {
          action: 'CREATE',
          ip: request.ip,
          target: { id: created.id, email: created.email },
          roleBefore: null,
          roleAfter: created.role,
          performer: performer(request),
          changes: { source: 'invite', email: created.email, role: created.role },
        });
        await recordActivity(db, request, {
          type: 'success',
          message: LOGS_MSG.activity.userInvited(created.email, ROLE_LABEL[created.role]),
          context: { user_id: created.id, email: created.email, role: created.role },
        });
        await sendInvitation(db, request, created);
        return created;
      });
      return reply.status(201).send({ message: MSG.users.invited(user.email), data: user });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MSG.users.exists);
      throw err;
    }
    },
  );

  app.put(
    '/users/:id/role',
    {
      preHandler: requireRole('admin', MSG.users.forbiddenRoleChange),
      preValidation: userIdFirst,
      schema: { params: userIdParamsSchema, body: changeRoleSchema, response: { 200: userChangeResponse } },
    },
    async (request) => {
    const { id } = request.params;
    const { role } = request.body;
    if (id === request.user!.id) throw forbidden(MSG.users.cannotChangeOwnRole);
    const data = await withTransaction(pool, async (db) => {
      await repo.lockUserChanges(db);
      const target = await accounts.findAccount(db, id);
      if (!target) throw notFound(MSG.users.notFound);
      if (target.role === 'admin' && role !== 'admin' && (await accounts.countAdmins(db)) <= 1) throw conflict(MSG.users.lastAdminDemote);
      await assertStillAdmin(db, request, MSG.users.forbiddenRoleChange);
      // PUT is idempotent: asking for the role the user already has changes nothing and records nothing.
      if (target.role === role) return (await repo.getUser(db, id)) ?? (await repo.setRole(db, id, role));
      const updated = await repo.setRole(db, id, role);
      await repo.insertAudit(db, {
        action: 'ROLE_CHANGE',
        ip: request.ip,
        target: { id, email: target.email },
        roleBefore: target.role,
        roleAfter: role,
        performer: performer(request),
        changes: { role: { from: target.role, to: role } },
      });
      await recordActivity(db, request, {
        type: 'info',
        message: LOGS_MSG.activity.roleChanged(target.email, ROLE_LABEL[target.role], ROLE_LABEL[role]),
        context: { user_id: id, email: target.email, role: { from: target.role, to: role } },
      });
      return updated;
    });
    forgetUserSessions(app, id);
    return { message: MSG.users.roleUpdated(role), data };
    },
  );

  app.delete(
    '/users/:id',
    {
      preHandler: requireRole('admin', MSG.users.forbiddenDelete),
      preValidation: userIdFirst,
      schema: { params: userIdParamsSchema, response: { 200: userMessageResponse } },
    },
    async (request) => {
    const { id } = request.params;
    if (id === request.user!.id) throw forbidden(MSG.users.cannotDeleteSelf);
    const email = await withTransaction(pool, async (db) => {
      await repo.lockUserChanges(db);
      const target = await accounts.findAccount(db, id);
      if (!target) throw notFound(MSG.users.notFound);
      if (target.role === 'admin' && (await accounts.countAdmins(db)) <= 1) throw conflict(MSG.users.lastAdminDelete);
      await assertStillAdmin(db, request, MSG.users.forbiddenDelete);
      await accounts.deleteAccount(db, id);
      await repo.insertAudit(db, {
        action: 'DELETE',
        ip: request.ip,
        target: { id, email: target.email },
        roleBefore: target.role,
        roleAfter: null,
        performer: performer(request),
        changes: { email: target.email, role: target.role },
      });
      await recordActivity(db, request, {
        type: 'warning',
        message: LOGS_MSG.activity.userDeleted(target.email),
        context: { user_id: id, email: target.email, role: target.role },
      });
      return target.email;
    });
    forgetUserSessions(app, id);
    return { message: MSG.users.deleted(email) };
    },
  );

  // Lifts the sign-in locks of an account (docs/auth.md, lock-out), from every address: the administrator's
  // way to let someone back in before the 15 minutes are over, without changing their password.
  app.post(
    '/users/:id/unlock',
    {
      preHandler: requireRole('admin', MSG.users.forbiddenUnlock),
      preValidation: userIdFirst,
      schema: { params: userIdParamsSchema, body: syncUsersSchema, response: { 200: userMessageResponse } },
    },
    async (request) => {
    const { id } = request.params;
    const email = await onUser(request, id, MSG.users.forbiddenUnlock, async (db, target) => {
      if (!target.locked_until) throw conflict(MSG.users.notLocked(target.email));
      await liftLocks(db, id);
      await recordActivity(db, request, {
        type: 'warning',
        message: LOGS_MSG.activity.userUnlocked(target.email),
        context: { user_id: id, email: target.email, locked_until: target.locked_until },
      });
      return target.email;
    });
    return { message: MSG.users.unlocked(email) };
    },
  );

  // A new one-time invitation link for a user who has not yet chosen a password (docs/users.md): the old
  // link dies (one unused invitation per user), the mail goes out before the commit.
  app.post(
    '/users/:id/reinvito',
    {
      preHandler: requireRole('admin', MSG.users.forbiddenReinvite),
      preValidation: userIdFirst,
      schema: { params: userIdParamsSchema, body: syncUsersSchema, response: { 200: userMessageResponse } },
    },
    async (request) => {
    const { id } = request.params;
    const email = await onUser(request, id, MSG.users.forbiddenReinvite, async (db, target) => {
      if (!target.invito_in_attesa) throw conflict(MSG.users.alreadyActive(target.email));
      await recordActivity(db, request, {
        type: 'success',
        message: LOGS_MSG.activity.userReinvited(target.email),
        context: { user_id: id, email: target.email },
      });
      await sendInvitation(db, request, { id, email: target.email, role: target.role });
      return target.email;
    });
    return { message: MSG.users.reinvited(email) };
    },
  );

  app.post(
    '/users/sync',
    { preHandler: requireRole('admin', MSG.users.forbiddenSync), schema: { body: syncUsersSchema, response: { 200: syncResponse } } },
    async (request) => {
    const result = await asAdmin(request, MSG.users.forbiddenSync, async (db) => {
      const { changes } = await repo.syncUsers(db);
      for (const c of changes) {
        await repo.insertAudit(db, {
          action: c.action,
          ip: request.ip,
          target: { id: c.id, email: c.email },
          roleBefore: c.roleBefore,
          roleAfter: c.roleAfter,
          performer: performer(request),
          changes: c.changes,
        });
      }
      const count = (await repo.listUsers(db)).length;
      const n = (a: string) => changes.filter((c) => c.action === a).length;
      const [added, updated, removed] = [n('CREATE'), n('UPDATE'), n('DELETE')];
      // One record per sync, even when it found nothing to do (the admin asked for it); each change is on the user audit.
      await recordActivity(db, request, {
        type: 'info',
        message: LOGS_MSG.activity.usersSynced(added, updated, removed),
        context: { added, updated, removed, count },
      });
      return { added, updated, removed, count };
    });
    const { added, updated, removed } = result;
    return { message: MSG.users.synced(added, updated, removed), added, updated, removed, count: result.count };
    },
  );

  // The categories a user follows (docs/players.md, who sees what): the players they may see. Replaced
  // as a whole; a user audit record (UPDATE) and an activity record in the same transaction.
  app.put(
    '/users/:id/gruppi',
    {
      preHandler: requireRole('admin', GIOCATORI_MSG.forbiddenTies),
      preValidation: userIdFirst,
      schema: { params: userIdParamsSchema, body: gruppiSeguitiBodySchema, response: { 200: userChangeResponse } },
    },
    async (request) => {
      const { id } = request.params;
      const ties = request.body;
      const data = await onUser(request, id, GIOCATORI_MSG.forbiddenTies, async (db, target) => {
        const { ids, unknown } = ties.tutte ? { ids: new Map(), unknown: [] } : await gruppiByName(db, ties.gruppi);
        if (unknown.length) throw badRequest(GIOCATORI_MSG.unknownGruppi(unknown.join(', ')));
        await writeTies(db, id, ties.tutte ? { tutte: true } : { tutte: false, gruppoIds: [...new Set([...ids.values()].map((g) => g.id))] });
        const after = (await repo.getUser(db, id))!;
        const change = { from: target.gruppiSeguiti, to: after.gruppiSeguiti };
        await repo.insertAudit(db, {
          action: 'UPDATE',
          ip: request.ip,
          target: { id, email: target.email },
          roleBefore: target.role,
          roleAfter: target.role,
          performer: performer(request),
          changes: { gruppiSeguiti: change },
        });
        await recordActivity(db, request, {
          type: 'info',
          message: GIOCATORI_MSG.activity.ties(target.email, describeTies(after.gruppiSeguiti!)),
          context: { user_id: id, email: target.email, gruppiSeguiti: change },
        });
        return { ...after, gruppiSeguiti: after.gruppiSeguiti! };
      });
      return { message: GIOCATORI_MSG.users.tiesUpdated(data.email), data };
    },
  );

  app.get(
    '/user-audit',
    { preHandler: requireRole('admin', MSG.users.forbiddenAudit), schema: { querystring: auditQuerySchema, response: { 200: userAuditResponse } } },
    async (request) => {
      const q = request.query;
      const { rows, count } = await repo.listAudit(pool, q, config.timezone);
      return { data: rows, count, totalPages: Math.max(1, Math.ceil(count / q.limit)), page: q.page };
    },
  );
};
