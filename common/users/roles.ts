/** Roles (docs/users.md), lowest first: a route open to a role is open to every higher one. */
export const ROLES = ['reader', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LEVEL: Record<Role, number> = { reader: 1, editor: 2, admin: 3 };

export const DEFAULT_ROLE: Role = 'reader';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function hasRole(role: Role | null | undefined, min: Role): boolean {
  return !!role && ROLE_LEVEL[role] >= ROLE_LEVEL[min];
}

/** How a role reads wherever it is shown (docs/screens.md): in Italian. */
export const ROLE_LABEL: Record<Role, string> = { reader: 'Lettore', editor: 'Editor', admin: 'Amministratore' };
