import { createTestDatabase, type TestDatabase } from '../../test/db';
import { countAdmins, createAccount, deleteAccount, findAccount, setRole } from './accounts';

describe('accounts: the one writer of accounts and roles', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const both = async (id: string) =>
    (
      await db.pool.query(
        `SELECT a.email, a.raw_app_meta_data AS meta, a.encrypted_password IS NOT NULL AS has_password,
                a.email_confirmed_at IS NOT NULL AS confirmed, a.invited_at IS NOT NULL AS invited,
                p.role AS mirror, p.created_at = a.created_at AS same_created
           FROM auth.users a LEFT JOIN public.users p ON p.user_id = a.id WHERE a.id = $1`,
        [id],
      )
    ).rows[0];

  it('creates an invited account (no password, unconfirmed) and an operator account (password, confirmed) in both tables', async () => {
    const invited = await createAccount(db.pool, { email: 'invitato@example.it', role: 'editor', passwordHash: null });
    expect(await both(invited)).toEqual({
      email: 'invitato@example.it',
      meta: { provider: 'email', providers: ['email'], role: 'editor' },
      has_password: false,
      confirmed: false,
      invited: true,
      mirror: 'editor',
      same_created: true,
    });
    const admin = await createAccount(db.pool, { email: 'capo@example.it', role: 'admin', passwordHash: '$2b$10$abcdefghijklmnopqrstuv' });
    expect(await both(admin)).toMatchObject({ has_password: true, confirmed: true, invited: false, mirror: 'admin' });
    expect(await findAccount(db.pool, admin)).toEqual({ id: admin, email: 'capo@example.it', role: 'admin' });
  });

  it('sets the role in app_metadata (other keys kept) and in the mirror, recreating a missing mirror row', async () => {
    const id = await createAccount(db.pool, { email: 'lettore@example.it', role: 'reader', passwordHash: null });
    await db.pool.query(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"team":"U12"}' WHERE id = $1`, [id]);
    await db.pool.query('DELETE FROM public.users WHERE user_id = $1', [id]);
    expect(await setRole(db.pool, id, 'editor')).toBe(true);
    expect(await both(id)).toMatchObject({ meta: { provider: 'email', providers: ['email'], role: 'editor', team: 'U12' }, mirror: 'editor' });
    expect(await setRole(db.pool, '00000000-0000-4000-8000-000000000000', 'admin')).toBe(false);
  });

  it('an account without a stored role reads as reader; admins are counted by the stored role; deletion removes both rows', async () => {
    const before = await countAdmins(db.pool);
    const id = await createAccount(db.pool, { email: 'strano@example.it', role: 'editor', passwordHash: null });
    await db.pool.query(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data - 'role' WHERE id = $1`, [id]);
    expect((await findAccount(db.pool, id))!.role).toBe('reader');
    await setRole(db.pool, id, 'admin');
    expect(await countAdmins(db.pool)).toBe(before + 1);
    await deleteAccount(db.pool, id);
    expect(await findAccount(db.pool, id)).toBeNull();
    expect((await db.pool.query('SELECT 1 FROM public.users WHERE user_id = $1', [id])).rows).toHaveLength(0);
  });
});
