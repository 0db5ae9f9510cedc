import net from 'node:net';
import { createTestApp, type TestApp } from '../../test/app';
import { UNREAD_BODY_MAX_BYTES } from '../shared/unread-body';
import { MSG } from '../../common/core/messages';

// A body over the limit is answered 413 in Italian, and the client reads that answer every time: the
// server does not reset the connection while the client is still sending (server/shared/unread-body.ts).
// Through a real socket and fetch (undici), as a browser would send it.
jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const big = (mb: number) => JSON.stringify({ email: 'a@example.it', password: 'x'.repeat(mb * 1024 * 1024) });

describe('a body over the limit', () => {
  it.each([
    ['/api/login', 5],
    ['/api/error-logs', 3],
    ['/auth/v1/token?grant_type=password', 5],
  ])('POST %s with %i MB: 413 in Italian, read by the client ten times out of ten', async (path, mb) => {
    const body = big(mb);
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      try {
        const res = await fetch(`${t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const text = await res.text();
        answers.push(`${res.status} ${text.includes(MSG.http.payloadTooLarge) ? 'italiano' : text.slice(0, 80)}`);
      } catch (err) {
        answers.push(`errore: ${(err as Error).message} ${String((err as { cause?: { code?: string } }).cause?.code ?? '')}`);
      }
    }
    expect(answers).toEqual(Array(10).fill('413 italiano'));
  });

  it('the server keeps reading while the client sends: no reset mid-upload, the answer whole, then a clean close', async () => {
    const { port } = new URL(t.url);
    const size = 5 * 1024 * 1024;
    // A client that goes on sending after the server's FIN, as an upload in flight does.
    const socket = net.connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
    const errors: string[] = [];
    socket.on('error', (err) => errors.push((err as NodeJS.ErrnoException).code ?? err.message));
    const write = (chunk: string | Buffer) =>
      new Promise<void>((resolve) => socket.write(chunk, (err) => (err ? errors.push((err as NodeJS.ErrnoException).code ?? err.message) : null, resolve())));
    await write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
    // The answer comes at once; the client sends the whole body after it, a little at a time.
    await waitFor(() => received.includes(MSG.http.payloadTooLarge));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    for (let sent = 0; sent < size && errors.length === 0; sent += chunk.length) await write(chunk);
    socket.end();
    await ended;
    expect(errors).toEqual([]);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).toContain('connection: close');
  });

  it('bounded: a body that never ends is cut after the bound, so it holds no connection for ever', async () => {
    const { port } = new URL(t.url);
    const socket = net.connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('error', () => undefined);
    socket.resume();
    // Cut: the server's FIN or reset, whichever the client sees first.
    const closed = new Promise<void>((resolve) => {
      socket.once('end', () => resolve());
      socket.once('close', () => resolve());
      socket.once('error', () => resolve());
    });
    socket.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${UNREAD_BODY_MAX_BYTES * 4}\r\n\r\n`);
    const chunk = Buffer.alloc(256 * 1024, 'x');
    let open = true;
    void closed.then(() => (open = false));
    for (let sent = 0; open && sent < UNREAD_BODY_MAX_BYTES * 4; sent += chunk.length) {
      await new Promise<void>((resolve) => socket.write(chunk, () => resolve()));
    }
    await closed;
    expect(open).toBe(false);
    socket.destroy();
  });
});
