import { MSG } from '../core/messages';
import { auditQuerySchema, countByRole, describeChanges, filterUsers, inviteUserSchema } from './rules';

describe('inviteUserSchema (docs/users.md, shared by the modal and the server)', () => {
  it('requires an email of the form text@text.text and defaults the role to reader', () => {
    expect(inviteUserSchema.safeParse({ email: '' }).error?.issues[0].message).toBe(MSG.users.emailRequired);
    expect(inviteUserSchema.safeParse({}).error?.issues[0].message).toBe(MSG.users.emailRequired);
    expect(inviteUserSchema.safeParse({ email: 'a@b' }).error?.issues[0].message).toBe(MSG.users.emailInvalid);
    expect(inviteUserSchema.parse({ email: ' Mario.Rossi@Example.IT ' })).toEqual({ email: 'mario.rossi@example.it', role: 'reader' });
    expect(inviteUserSchema.safeParse({ email: 'a@b.it', role: 'root' }).error?.issues[0].message).toBe(MSG.users.roleInvalid);
    expect(inviteUserSchema.safeParse({ email: 'a@b.it', admin: true }).error?.issues[0].code).toBe('unrecognized_keys');
  });
});

describe('auditQuerySchema', () => {
  it('defaults page 1 and limit 50, caps limit at 100', () => {
    expect(auditQuerySchema.parse({})).toEqual({ page: 1, limit: 50 });
    expect(auditQuerySchema.parse({ page: '3', limit: '100' })).toMatchObject({ page: 3, limit: 100 });
    expect(auditQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ start_date: '2024-13-45' }).success).toBe(false);
  });
  it('accepts only real calendar dates (no roll-over of 2024-02-30), plain or with time and offset', () => {
    for (const bad of ['2024-02-30', '2023-02-29', '2024-04-31', '2024-02-30T10:00:00Z', '2024-2-3', 'ieri']) {
      expect(auditQuerySchema.safeParse({ start_date: bad }).error?.issues[0].message).toBe(MSG.users.dateInvalid);
      expect(auditQuerySchema.safeParse({ end_date: bad }).error?.issues[0].message).toBe(MSG.users.dateInvalid);
    }
    for (const good of ['2024-02-29', '2026-12-31', '2024-02-29T23:59:59+01:00', '2026-11-21T10:00:00.000Z']) {
      expect(auditQuerySchema.safeParse({ start_date: good }).success).toBe(true);
    }
  });
});

describe('filterUsers and countByRole (Gestione Utenti, docs/users.md)', () => {
  const users = [
    { id: 'aaaa-1111', email: 'Presidente@example.it', role: 'admin' as const },
    { id: 'bbbb-2222', email: 'mister@example.it', role: 'editor' as const },
    { id: 'cccc-3333', email: 'genitore@example.it', role: 'reader' as const },
  ];
  it('searches email or id by case-insensitive substring, and filters by role', () => {
    expect(filterUsers(users, 'presi', '').map((u) => u.id)).toEqual(['aaaa-1111']);
    expect(filterUsers(users, 'B-22', '').map((u) => u.id)).toEqual(['bbbb-2222']);
    expect(filterUsers(users, 'example', 'reader').map((u) => u.id)).toEqual(['cccc-3333']);
    expect(filterUsers(users, '  ', '')).toHaveLength(3);
  });
  it('counts by role', () => {
    expect(countByRole(users)).toEqual({ total: 3, admin: 1, editor: 1, reader: 1 });
  });
});

describe('describeChanges', () => {
  it('shows changes as readable Italian lines', () => {
    expect(describeChanges({ role: { from: 'reader', to: 'editor' }, source: 'sync' })).toEqual(['Ruolo: Lettore → Editor', 'Origine: sincronizzazione']);
    // Roles read in Italian, also a created account's; other values stay as they are.
    expect(describeChanges({ source: 'invite', email: 'admin@x.it', role: 'admin' })).toEqual(['Origine: invito via email', 'Email: admin@x.it', 'Ruolo: Amministratore']);
    expect(describeChanges({ role: { from: null, to: 'reader' } })).toEqual(['Ruolo: — → Lettore']);
    expect(describeChanges(null)).toEqual([]);
  });
});
