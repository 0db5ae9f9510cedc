// Long work of one request in slices (docs/import.md): between two slices the event loop serves what is
// waiting (other requests, database answers), so no request holds it for long.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** At most this many items (rows, matches) in one slice: 250 rows of validation or of clash check take a few milliseconds. */
export const SLICE_ROWS = 250;
/** A slice also ends after this many milliseconds of work, however few items it did (a busy machine does fewer in the time). */
export const SLICE_MS = 10;

/** Lets the event loop run what is waiting (I/O callbacks, other requests) before going on. */
export const yieldToLoop = (): Promise<void> => nextTurn();

/**
 * The pause between slices: `await pause()` before each item yields to the event loop once the slice
 * did SLICE_ROWS items or worked SLICE_MS, else goes on at once.
 */
export function slices(rows: number = SLICE_ROWS, ms: number = SLICE_MS): () => Promise<void> {
  let started = performance.now();
  let done = 0;
  return async () => {
    if (++done <= rows && performance.now() - started < ms) return;
    await yieldToLoop();
    started = performance.now();
    done = 1;
  };
}

/** `fn` over `items`, in order, in slices (slices()). A throw stops it, as in a plain loop. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T, index: number) => R): Promise<R[]> {
  const pause = slices();
  const out: R[] = [];
  for (let i = 0; i < items.length; i++) {
    await pause();
    out.push(fn(items[i], i));
  }
  return out;
}
