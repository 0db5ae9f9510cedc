import crypto from 'node:crypto';
import { hash } from '@node-rs/bcrypt';
import type { Role } from '../common/users/roles';
import type { Db } from '../server/db/pool';
import { signAccessToken } from '../server/auth/jwt';
import type { FastifyInstance } from 'fastify';
import { TEST_JWT_SECRET } from './app';

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  password: string;
  sessionId: string;
  /** A valid access token of a live session: use as `authorization: Bearer ${token}`. */
  token: string;
}

export const TEST_PASSWORD = 'Password1!';

/**
 * Creates an account (auth.users + public.users) with a role and a live session, straight in
 * the database, for API tests that are not about signing in.
 */
export async function createUser(db: Db, role: Role, email = `${role}-${crypto.randomBytes(3).toString('hex')}@example.it`): Promise<TestUser> {
  const passwordHash = await hash(TEST_PASSWORD, { cost: 4 });
  const { rows } = await db.query(
    `INSERT INTO auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data)
     VALUES ($1, $2, now(), jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'), 'role', $3::text))
     RETURNING id`,
    [email.toLowerCase(), passwordHash, role],
  );
  const id: string = rows[0].id;
  await db.query('INSERT INTO public.users (user_id, email, role) VALUES ($1, $2, $3)', [id, email.toLowerCase(), role]);
  const session = await db.query('INSERT INTO auth.sessions (user_id) VALUES ($1) RETURNING id', [id]);
  const sessionId: string = session.rows[0].id;
  const { token } = await signAccessToken(TEST_JWT_SECRET, 'http://localhost:3000/auth/v1', {
    sub: id,
    email: email.toLowerCase(),
    session_id: sessionId,
    app_role: role,
    app_metadata: { provider: 'email', providers: ['email'], role },
    user_metadata: {},
  });
  return { id, email: email.toLowerCase(), role, password: TEST_PASSWORD, sessionId, token };
}

export const bearer = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

/**
 * Ties `user` to the categories it follows, as an administrator does in Gestione Utenti (PUT
 * /api/users/{id}/gruppi): whose players, call-ups and team sheets it sees (docs/players.md).
 */
export async function follow(app: FastifyInstance, admin: TestUser, user: TestUser, gruppi: string[]): Promise<void> {
  const res = await app.inject({ method: 'PUT', url: `/api/users/${user.id}/gruppi`, headers: bearer(admin), payload: { gruppi } });
  if (res.statusCode !== 200) throw new Error(`follow ${user.email} ${gruppi.join(', ')}: ${res.statusCode} ${res.body}`);
}
