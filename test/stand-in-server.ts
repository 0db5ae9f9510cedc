// Test helper (component and base-query tests).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInServer {
  origin: string;
  requests: StandInRequest[];
  close(): Promise<void>;
}

/** A request the stand-in server received: its headers with lower-case names. */
export interface StandInRequest {
  method: string;
  url: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** How the stand-in server answers each request (it also records it in `requests`). */
export type StandInHandler = (req: StandInRequest) => { status: number; body?: unknown; delayMs?: number; headers?: Record<string, string> };

/**
 * A loopback HTTP server for component tests, answering with the wire shapes of our server
 * (docs/api.md and docs/auth.md), so the real fetch, RTK Query and supabase-js code runs.
 */
export async function startStandInServer(handler: StandInHandler): Promise<StandInServer> {
  const requests: StandInServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? 'GET', url: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers };
      requests.push(entry);
      const headers = {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': '*',
        'x-supabase-api-version': '2024-01-01',
        'access-control-expose-headers': '*',
      };
      if (entry.method === 'OPTIONS') {
        res.writeHead(204, headers).end();
        return;
      }
      const answer = handler(entry);
      setTimeout(() => res.writeHead(answer.status, { ...headers, ...answer.headers }).end(answer.body === undefined ? '' : JSON.stringify(answer.body)), answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
