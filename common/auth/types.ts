// Answers of the authentication routes that common/auth/schemas.ts does not already type (that one
// holds LoginResponse, SessionUser and ClientConfig). Types only: nothing here runs.

/** POST /api/forgot-password: always the same answer, whether the address is known or not (429 when too many). */
export interface ForgotPasswordResponse {
  success: boolean;
  message?: string;
  error?: string;
}
