// Long work of one request in slices (docs/import.md): between two slices the event loop serves what is
// waiting (other requests, database answers), so no request holds it for long.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Rows handled between two turns of the event loop: 250 rows of validation or of clash check take a few milliseconds. */
export const SLICE_ROWS = 250;

/** Lets the event loop run what is waiting (I/O callbacks, other requests) before going on. */
export const yieldToLoop = (): Promise<void> => nextTurn();

/** `fn` over `items`, in order, yielding to the event loop after every `size` items. A throw stops it, as in a plain loop. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T, index: number) => R, size: number = SLICE_ROWS): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % size === 0) await yieldToLoop();
    out.push(fn(items[i], i));
  }
  return out;
}
