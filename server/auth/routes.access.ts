// Who gets past the door of each route of server/auth/ (read by server/platform/route-matrix.test.ts):
// the exact status of each role for a harmless request (an invalid body, an unknown id, a bad query value).
import { all, signedIn, type Row } from '../../test/access';

export const accessRows: Row[] = [
  // The app's own sign-in endpoints (docs/api.md) and the SPA's configuration: open to everyone.
  { method: 'POST', route: '/api/login', payload: {}, expect: all(400) },
  { method: 'POST', route: '/api/forgot-password', payload: {}, expect: all(400) },
  { method: 'GET', route: '/api/me', expect: signedIn(200) },
  { method: 'GET', route: '/api/config', expect: all(200) },
  // GoTrue-compatible /auth/v1 (docs/auth.md).
  { method: 'GET', route: '/auth/v1/health', expect: all(200) },
  { method: 'GET', route: '/auth/v1/settings', expect: all(200) },
  { method: 'GET', route: '/auth/v1/.well-known/jwks.json', expect: all(200) },
  { method: 'POST', route: '/auth/v1/signup', payload: {}, expect: all(422) },
  { method: 'POST', route: '/auth/v1/token', url: '/auth/v1/token?grant_type=password', payload: {}, expect: all(400) },
  { method: 'GET', route: '/auth/v1/user', expect: signedIn(200) },
  // No password in the body: the user is answered unchanged.
  { method: 'PUT', route: '/auth/v1/user', payload: {}, expect: signedIn(200) },
  // An unknown scope is refused after the sign-in check: no session ends.
  { method: 'POST', route: '/auth/v1/logout', url: '/auth/v1/logout?scope=nessuno', expect: signedIn(400) },
  { method: 'POST', route: '/auth/v1/recover', payload: {}, expect: all(400) },
  // Without a token: the redirect back to the app with otp_expired.
  { method: 'GET', route: '/auth/v1/verify', expect: all(303) },
];
