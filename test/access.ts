// The rows of the app-wide role matrix (server/platform/route-matrix.test.ts): each capability declares
// who gets past the door of each of its routes in a `routes.access.ts` beside its routes.ts.

export type Role = 'anonymous' | 'reader' | 'editor' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'QUERY' | 'TRACE';
export interface Row {
  method: Method;
  /** The route as registered (Fastify's url, with :params). */
  route: string;
  /** The concrete request; defaults to the route itself. */
  url?: string;
  payload?: object;
  expect: Record<Role, number>;
}

export const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
export const UNKNOWN_ID = '2147483647';
export const ROLES: Role[] = ['anonymous', 'reader', 'editor', 'admin'];

export const all = (status: number): Record<Role, number> => ({ anonymous: status, reader: status, editor: status, admin: status });
/** Signed-in users only: anonymous 401, every role `signedIn`. */
export const signedIn = (status: number): Record<Role, number> => ({ anonymous: 401, reader: status, editor: status, admin: status });
/** From the editor role up. */
export const editorUp = (status: number): Record<Role, number> => ({ anonymous: 401, reader: 403, editor: status, admin: status });
/** Administrators only. */
export const adminOnly = (status: number): Record<Role, number> => ({ anonymous: 401, reader: 403, editor: 403, admin: status });
