import net from 'node:net';
import { createTestApp, type TestApp } from '../../test/app';
import { MSG } from '../../common/core/messages';

// A request body that stops arriving holds no connection for ever: past REQUEST_TIMEOUT_SECONDS the
// server answers 408 in Italian and closes the connection (docs/operations.md).
jest.setTimeout(15_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { REQUEST_TIMEOUT_SECONDS: '2' } });
});
afterAll(() => t.close());

it('a body that stops half-way: 408 in Italian and the connection closed within the timeout and a check', async () => {
  const { port } = new URL(t.url);
  const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (d) => (received += d.toString('utf8')));
  socket.on('error', () => undefined);
  const started = Date.now();
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"a@example.it",');
  await closed;
  const seconds = (Date.now() - started) / 1000;
  expect(seconds).toBeGreaterThanOrEqual(1.5);
  expect(seconds).toBeLessThan(10);
  expect(received).toMatch(/^HTTP\/1\.1 408 /);
  expect(received).toContain(JSON.stringify({ error: MSG.http.requestTimeout }));
});

it('the setting is checked at start', async () => {
  const { loadConfig } = await import('../config');
  expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' } as NodeJS.ProcessEnv)).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  expect(loadConfig({} as NodeJS.ProcessEnv).requestTimeoutSeconds).toBe(60);
});
