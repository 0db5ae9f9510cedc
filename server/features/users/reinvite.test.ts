import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { linkIn } from '../../../test/smtp';
import { MSG } from '../../../common/core/messages';
import type { User } from '../../../common/users/rules';

// 'Reinvia invito' (docs/users.md): a new one-time link for a user who has not yet chosen a password; the old
// one dies; such a user is listed as 'invito in attesa' (whatever the link's session wrote as last sign-in).

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.pool, 'admin');
  editor = await createUser(t.db.pool, 'editor');
});
afterAll(() => t.close());

const post = (url: string, user: TestUser | null = admin) => t.app.inject({ method: 'POST', url, headers: user ? bearer(user) : {}, payload: {} });
const listed = async (email: string) => ((await t.app.inject({ url: '/api/users', headers: bearer(admin) })).json().data as User[]).find((u) => u.email === email)!;

describe("'Reinvia invito'", () => {
  it('mails a new link, the old one stops working, the new one works; the user stays pending until a password is chosen', async () => {
    const email = 'in.attesa@example.it';
    const invited = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(admin), payload: { email } });
    expect(invited.statusCode).toBe(201);
    const id = invited.json().data.id as string;
    const firstLink = linkIn(await t.smtp.waitFor(email));
    expect((await listed(email)).invito_in_attesa).toBe(true);

    const before = t.smtp.mails.length;
    const res = await post(`/api/users/${id}/reinvito`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.users.reinvited(email));
    const secondLink = linkIn(await t.smtp.waitFor(email, 10_000, before));
    expect(secondLink).not.toBe(firstLink);
    const activity = await t.db.pool.query(`SELECT activity_message FROM public.activity_logs WHERE activity_message LIKE 'Invito inviato di nuovo%' ORDER BY id DESC LIMIT 1`);
    expect(activity.rows[0].activity_message).toBe(`Invito inviato di nuovo: ${email}`);

    // The old link is dead: the verify redirects with an error; the new one opens a session.
    const old = await t.app.inject({ url: firstLink.replace(t.config.publicUrl, '') });
    expect(old.headers.location).toMatch(/error/);
    const fresh = await t.app.inject({ url: secondLink.replace(t.config.publicUrl, '') });
    expect(fresh.headers.location).toMatch(/access_token=/);
    // The link's session wrote a sign-in time, but no password is chosen yet: still pending.
    expect((await listed(email)).invito_in_attesa).toBe(true);

    const hash = new URLSearchParams(fresh.headers.location!.split('#')[1]);
    const anonKey = (await t.app.inject({ url: '/api/config' })).json().supabaseAnonKey;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { apikey: anonKey, authorization: `Bearer ${hash.get('access_token')}` },
      payload: { password: 'Segretissima9!' },
    });
    expect(put.statusCode).toBe(200);
    expect((await listed(email)).invito_in_attesa).toBe(false);
    // Now there is nothing to re-send.
    const again = await post(`/api/users/${id}/reinvito`);
    expect([again.statusCode, again.json().error]).toEqual([409, MSG.users.alreadyActive(email)]);
  });

  it('admins only; an unknown user is a 404; bad ids and unknown fields are 400', async () => {
    const email = 'altro.invito@example.it';
    const id = (await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(admin), payload: { email } })).json().data.id as string;
    expect((await post(`/api/users/${id}/reinvito`, editor)).statusCode).toBe(403);
    expect((await post(`/api/users/${id}/reinvito`, null)).statusCode).toBe(401);
    expect((await post('/api/users/00000000-0000-4000-8000-000000000000/reinvito')).statusCode).toBe(404);
    expect((await post('/api/users/non-un-id/reinvito')).statusCode).toBe(400);
    const extra = await t.app.inject({ method: 'POST', url: `/api/users/${id}/reinvito`, headers: bearer(admin), payload: { x: 1 } });
    expect(extra.statusCode).toBe(400);
    // A signed-up user (with a password) is never pending.
    expect((await listed(editor.email)).invito_in_attesa).toBe(false);
  });
});
