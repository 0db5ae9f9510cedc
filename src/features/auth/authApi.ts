import { api, type ApiError } from '../../api/api';
import { MSG } from '../../../common/core/messages';
import { loadPublicConfig } from '../../config/publicConfig';
import type { LoginResponse } from '../../../common/auth/schemas';
import type { ForgotPasswordResponse } from '../../../common/auth/types';
import { adoptSession, type SignedInSession } from './session';

/** Authentication (docs/auth.md): public calls, never retried (a retry would count as another attempt). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Sign-in: the password crosses the wire once, to the authentication service's token endpoint
     * (POST /auth/v1/token?grant_type=password: the lock-out, the activity log and the new session
     * in one answer), through the base query like every call; the session it answers is handed to
     * supabase-js (adoptSession). The tokens never reach the store's cache: the mutation answers null.
     */
    signIn: build.mutation<null, { email: string; password: string }>({
      async queryFn({ email, password }, _api, _extraOptions, baseQuery) {
        let config;
        try {
          config = await loadPublicConfig();
        } catch {
          return { error: { status: 'FETCH_ERROR', message: MSG.http.network } satisfies ApiError };
        }
        const answer = await baseQuery({
          url: `${config.supabaseUrl}/auth/v1/token?grant_type=password`,
          method: 'POST',
          headers: config.supabaseAnonKey ? { apikey: config.supabaseAnonKey } : {},
          body: { email, password, gotrue_meta_security: {} },
        });
        if (answer.error) return { error: answer.error as ApiError };
        try {
          await adoptSession(answer.data as SignedInSession);
        } catch {
          return { error: { status: 'CUSTOM_ERROR', message: MSG.login.providerRefused } satisfies ApiError };
        }
        return { data: null };
      },
      extraOptions: { public: true, maxRetries: 0 },
    }),
    /** The password check of 'Cambia password' (POST /api/login: counts toward the lock-out, starts no session). */
    login: build.mutation<LoginResponse, { email: string; password: string }>({
      query: (body) => ({ url: 'api/login', method: 'POST', body }),
      extraOptions: { public: true, maxRetries: 0 },
    }),
    forgotPassword: build.mutation<ForgotPasswordResponse, { email: string }>({
      query: (body) => ({ url: 'api/forgot-password', method: 'POST', body }),
      extraOptions: { public: true, maxRetries: 0 },
    }),
  }),
});

export const { useSignInMutation, useLoginMutation, useForgotPasswordMutation } = authApi;
