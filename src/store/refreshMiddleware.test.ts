import { configureStore } from '@reduxjs/toolkit';
import { createRefreshListener, createSessionRefresher, refreshDecision } from './refreshMiddleware';
import { refreshSuggested, sessionChanged, sessionSlice, signedOut } from './sessionSlice';

const MIN = 60_000;

function setup() {
  const refresh = jest.fn(async () => undefined);
  const listener = createRefreshListener(refresh);
  const store = configureStore({
    reducer: { session: sessionSlice.reducer },
    middleware: (d) => d().prepend(listener.middleware),
  });
  const signIn = (issuedAtMs = Date.now(), lifetimeS = 3600) =>
    store.dispatch(
      sessionChanged({
        user: { id: 'u', email: 'a@b.it', role: 'reader' },
        accessToken: `t${issuedAtMs}`,
        issuedAt: Math.floor(issuedAtMs / 1000),
        expiresAt: Math.floor(issuedAtMs / 1000) + lifetimeS,
      }),
    );
  return { store, refresh, signIn };
}

describe('token refresh rules (docs/auth.md)', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('refreshes past 35 minutes, at most once per minute', async () => {
    const { refresh, signIn } = setup();
    signIn();
    await jest.advanceTimersByTimeAsync(35 * MIN);
    expect(refresh).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(30_000); // 35.5 min
    expect(refresh).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(30_000); // 36 min: 30 s after the last attempt
    expect(refresh).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(30_000); // 36.5 min: a minute later
    expect(refresh).toHaveBeenCalledTimes(2);

    // A new token starts the clock again.
    signIn(Date.now());
    await jest.advanceTimersByTimeAsync(10 * MIN);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('refreshes when fewer than 300 s remain', async () => {
    const { refresh, signIn } = setup();
    signIn(Date.now(), 400);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(refresh).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(60_000); // 280 s left
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes when a response suggests it, once per minute', async () => {
    const { store, refresh, signIn } = setup();
    signIn();
    store.dispatch(refreshSuggested());
    await jest.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    store.dispatch(refreshSuggested());
    await jest.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(MIN);
    store.dispatch(refreshSuggested());
    await jest.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('stops checking once signed out', async () => {
    const { store, refresh, signIn } = setup();
    signIn();
    store.dispatch(signedOut());
    store.dispatch(refreshSuggested());
    await jest.advanceTimersByTimeAsync(60 * MIN);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('decides from age, remaining time and throttle', () => {
    const now = 10_000_000_000;
    const iat = (agoMs: number) => Math.floor((now - agoMs) / 1000);
    expect(refreshDecision({ now, issuedAt: iat(36 * MIN), expiresAt: iat(-3600_000), lastRefreshAt: null })).toBe(true);
    expect(refreshDecision({ now, issuedAt: iat(36 * MIN), expiresAt: iat(-3600_000), lastRefreshAt: now - 59_000 })).toBe(false);
    expect(refreshDecision({ now, issuedAt: iat(31 * MIN), expiresAt: iat(-3600_000), lastRefreshAt: null })).toBe(false);
    expect(refreshDecision({ now, issuedAt: iat(MIN), expiresAt: iat(-299_000), lastRefreshAt: null })).toBe(true);
  });
});

describe('one shared refresh: the timer and the re-authorization after a 401', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') }));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  function setupShared(refresh: () => Promise<unknown>) {
    const endSession = jest.fn(async () => undefined);
    const session = createSessionRefresher(refresh, endSession);
    const listener = createRefreshListener(session.refresh);
    const store = configureStore({
      reducer: { session: sessionSlice.reducer },
      middleware: (d) => d().prepend(listener.middleware),
    });
    // A token 36 minutes old: the timer refreshes it at once.
    const issuedAt = Math.floor((Date.now() - 36 * MIN) / 1000);
    store.dispatch(sessionChanged({ user: { id: 'u', email: 'a@b.it', role: 'reader' }, accessToken: 'old', issuedAt, expiresAt: issuedAt + 3600 }));
    return { store, session, endSession };
  }

  it("a 401 while the timer's refresh is in flight joins it: one call, and calls wait for it", async () => {
    let finish!: () => void;
    const refresh = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { store, session, endSession } = setupShared(refresh);
    await jest.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    const timerAttempt = store.getState().session.lastRefreshAt;

    const waited = jest.fn();
    void session.settled().then(waited);
    const reauthorized = Promise.all([session.reauthorize(store), session.reauthorize(store), session.refresh()]);
    await jest.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(waited).not.toHaveBeenCalled();

    finish();
    await expect(reauthorized).resolves.toEqual([true, true, undefined]);
    expect(waited).toHaveBeenCalled();
    // Joining is no new attempt; once settled, the next 401 starts (and records) a new refresh.
    expect(store.getState().session.lastRefreshAt).toBe(timerAttempt);
    await jest.advanceTimersByTimeAsync(1000);
    const next = session.reauthorize(store);
    expect(store.getState().session.lastRefreshAt).toBe(Date.now());
    finish();
    await expect(next).resolves.toBe(true);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(endSession).not.toHaveBeenCalled();
    store.dispatch(signedOut());
  });

  it("a failed refresh of the timer only warns; after a 401 it ends the session, once for all the callers", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refresh = jest.fn(async () => {
      throw new Error('refresh_token_not_found');
    });
    const { store, session, endSession } = setupShared(refresh);
    await jest.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(endSession).not.toHaveBeenCalled();

    await expect(Promise.all([session.reauthorize(store), session.reauthorize(store), session.reauthorize(store)])).resolves.toEqual([false, false, false]);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(endSession).toHaveBeenCalledTimes(1);
    store.dispatch(signedOut());
  });
});
