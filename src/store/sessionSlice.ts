import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '../../common/users/roles';

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
  /** Milliseconds since epoch of the last refresh attempt (at most one per minute). */
  lastRefreshAt: number | null;
}

export const initialSessionState: SessionState = {
  status: 'loading',
  user: null,
  accessToken: null,
  expiresAt: null,
  issuedAt: null,
  roleStatus: 'idle',
  lastRefreshAt: null,
};

/** A response carried `X-Refresh-Token-Suggested: true`. */
export const refreshSuggested = createAction('session/refreshSuggested');

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
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
    /** A stored session exists and the client that reads it is loading (roles not known yet). */
    sessionLoading(state) {
      state.status = 'loading';
      state.roleStatus = 'loading';
    },
    roleStatusChanged(state, action: PayloadAction<SessionState['roleStatus']>) {
      state.roleStatus = action.payload;
    },
    refreshStarted(state, action: PayloadAction<number>) {
      state.lastRefreshAt = action.payload;
    },
    signedOut() {
      return { ...initialSessionState, status: 'signedOut' as const };
    },
  },
  selectors: {
    selectSession: (s) => s,
    selectSessionUser: (s) => s.user,
    selectRole: (s) => s.user?.role ?? null,
    selectSessionStatus: (s) => s.status,
  },
});

export const { sessionChanged, sessionLoading, roleStatusChanged, refreshStarted, signedOut } = sessionSlice.actions;
export const { selectSession, selectSessionUser, selectRole, selectSessionStatus } = sessionSlice.selectors;
