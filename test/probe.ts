// A /api/health probe beside a request (docs/import.md): how long the server keeps everyone else
// waiting while it works. Used by server/features/import/import-speed.test.ts and bench/import.ts.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** A probe is sent this often. */
export const PROBE_EVERY_MS = 20;

export interface Probed<T> {
  result: T;
  /** How long `request` took. */
  ms: number;
  /** Each probe's wait, from when it was due to its answer. */
  probes: number[];
  /** The event loop's longest delay meanwhile (perf_hooks.monitorEventLoopDelay), in ms. */
  lagMs: number;
}

/**
 * Runs `request` with a GET `${base}/api/health` sent every PROBE_EVERY_MS beside it, until it is answered.
 * Each probe's wait counts from when it was due: a timer that fires late because the event loop was
 * held counts too. The server and this probe share the process (the tests' and benches' app), so the
 * event loop measured is the server's.
 */
export async function withHealthProbe<T>(base: string, request: () => Promise<T>): Promise<Probed<T>> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const probes: number[] = [];
  let done = false;
  const probing = (async () => {
    let due = performance.now();
    while (!done) {
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/api/health: HTTP ${res.status}`);
      probes.push(performance.now() - due);
      due += PROBE_EVERY_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else due = performance.now();
    }
  })();
  lag.enable();
  const started = performance.now();
  try {
    const result = await request();
    return { result, ms: performance.now() - started, probes, lagMs: lag.max / 1e6 };
  } finally {
    lag.disable();
    done = true;
    await probing;
  }
}
