import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import vm from 'node:vm';

/*
 * jsdom has no fetch, TextEncoder or web streams. Take Node's own (the real ones, as the
 * browser would have) from the outer realm, the idea of jest-fixed-jsdom. Relative URLs are
 * resolved against the origin a test serves its API on (setTestApiOrigin), else jsdom's.
 */
const outer = vm.runInThisContext('globalThis') as typeof globalThis;
const g = globalThis as unknown as Record<string, unknown>;
let apiOrigin: string | null = null;
(g as { __setTestApiOrigin?: (origin: string | null) => void }).__setTestApiOrigin = (origin) => {
  apiOrigin = origin;
};
const base = () => apiOrigin ?? window.location.origin;
const resolve = (input: unknown) => (typeof input === 'string' && input.startsWith('/') ? new URL(input, base()).toString() : input);

class TestRequest extends outer.Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(resolve(input) as RequestInfo, init);
  }
}

for (const name of ['TextEncoder', 'TextDecoder', 'ReadableStream', 'WritableStream', 'TransformStream', 'Headers', 'Response', 'FormData', 'Blob', 'structuredClone', 'AbortController', 'AbortSignal']) {
  if (name in outer) g[name] = (outer as unknown as Record<string, unknown>)[name];
}
g.Request = TestRequest;
g.fetch = (input: RequestInfo | URL, init?: RequestInit) => outer.fetch(resolve(input) as RequestInfo, init);

/*
 * findBy… and waitFor give up after 1 s by default. On a clean CI machine the first lazy import of a
 * screen (React.lazy) is compiled by ts-jest on the spot, which alone can take longer than that
 * under load: wait up to 20 s for one thing to appear.
 */
configure({ asyncUtilTimeout: 20000 });

/*
 * A screen's test renders MUI in jsdom, all CPU: the longest (the players' form typed field by field) take
 * 10-15 s on an idle 2-core machine and three times that under `npm run test:stress` (docs/testing.md). The
 * ceiling of a jsdom test is 2 minutes; nothing waits for it, it only decides when a stuck test fails.
 */
jest.setTimeout(120_000);
