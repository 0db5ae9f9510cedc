import type { Locator } from 'playwright-core';

/*
 * Waits for what a person would see, as Playwright Test's expect.poll and toHaveCount do (this suite
 * runs under Jest with playwright-core): a value is read again until it is the expected one, and only
 * a value that never comes fails, naming the last one read. A screen that is still loading or being
 * replaced is never counted half-way.
 */

const INTERVALS = [50, 100, 250, 500, 1000];

/** Reads `read()` until `check` accepts it; fails after `timeout` ms with `what` and the last value. */
export async function poll<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (let i = 0; ; i++) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() >= deadline) throw new Error(`${what}: atteso per ${timeout} ms, ultimo valore ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, INTERVALS[Math.min(i, INTERVALS.length - 1)]));
  }
}

/** The locator matches exactly `count` elements (Playwright's toHaveCount). */
export async function expectCount(locator: Locator, count: number, timeout?: number): Promise<void> {
  await poll(() => locator.count(), (n) => n === count, `${count} elementi per ${String(locator)}`, timeout);
}

/**
 * Reads `read()` until `assertion` holds for it (a Jest expect that throws), then returns the value;
 * fails with the assertion's own message for the last value read.
 */
export async function eventually<T>(read: () => Promise<T>, assertion: (value: T) => void, timeout = 15_000): Promise<T> {
  let failure: unknown;
  try {
    return await poll(
      read,
      (value) => {
        try {
          assertion(value);
          return true;
        } catch (error) {
          failure = error;
          return false;
        }
      },
      'eventually',
      timeout,
    );
  } catch (error) {
    throw failure ?? error;
  }
}
