import { api } from '../../api/api';
import type { LoginResponse } from '../../../common/auth/schemas';
import type { ForgotPasswordResponse } from '../../../common/auth/types';

/** Authentication (docs/auth.md): public calls, never retried (a retry would count as another attempt). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useLoginMutation, useForgotPasswordMutation } = authApi;
