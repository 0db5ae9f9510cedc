import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '../../common/roles';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}

export interface SessionState {
  /** 'loading' until the supabase client reported the stored session (or its absence). */
  status: 'loading' | 'signedOut' | 'signedIn';
  user: SessionUser | null;
  accessToken: string | null;
  /** Seconds since epoch when the access token expires / was issued. */
  expiresAt: number | null;
  issuedAt: number | null;
  roleStatus: 'idle' | 'loading' | 'ready' | 'error';
}

const initialState: SessionState = {
  status: 'loading',
  user: null,
  accessToken: null,
  expiresAt: null,
  issuedAt: null,
  roleStatus: 'idle',
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionChanged(
      state,
      action: PayloadAction<{ user: SessionUser; accessToken: string; expiresAt: number; issuedAt: number }>,
    ) {
      state.status = 'signedIn';
      state.user = action.payload.user;
      state.accessToken = action.payload.accessToken;
      state.expiresAt = action.payload.expiresAt;
      state.issuedAt = action.payload.issuedAt;
      state.roleStatus = 'ready';
    },
    roleStatusChanged(state, action: PayloadAction<SessionState['roleStatus']>) {
      state.roleStatus = action.payload;
    },
    signedOut() {
      return { ...initialState, status: 'signedOut' as const };
    },
  },
  selectors: {
    selectSession: (s) => s,
    selectSessionUser: (s) => s.user,
    selectAccessToken: (s) => s.accessToken,
  },
});

export const { sessionChanged, roleStatusChanged, signedOut } = sessionSlice.actions;
export const { selectSession, selectSessionUser, selectAccessToken } = sessionSlice.selectors;
