import net from 'node:net';
import pino from 'pino';
import { createMailer, SMTP_TIMEOUT_MS } from './mailer';
import { startSmtp } from '../../test/smtp';

/** A TCP server that accepts connections and never says a word (a hung SMTP server). */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const logger = pino({ level: 'silent' });
const mail = { to: 'nessuno@example.it', subject: 'Prova', text: 'prova' };

async function timeSend(send: () => Promise<void>): Promise<{ ms: number; error: unknown }> {
  const start = Date.now();
  try {
    await send();
    return { ms: Date.now() - start, error: null };
  } catch (error) {
    return { ms: Date.now() - start, error };
  }
}

describe('SMTP mailer timeouts', () => {
  it('a server that never greets fails the send after the timeout (10 s by default), not minutes later', async () => {
    const silent = await silentServer();
    const fast = createMailer({ smtpUrl: silent.url, from: 'a@example.it', dataDir: '/tmp', logger, timeoutMs: 300 });
    const byDefault = createMailer({ smtpUrl: silent.url, from: 'a@example.it', dataDir: '/tmp', logger });
    try {
      const [short, standard] = await Promise.all([timeSend(() => fast.send(mail)), timeSend(() => byDefault.send(mail))]);
      expect(short.error).toBeTruthy();
      expect(short.ms).toBeLessThan(3000);
      expect(SMTP_TIMEOUT_MS).toBe(10_000);
      expect(standard.error).toBeTruthy();
      expect(standard.ms).toBeGreaterThanOrEqual(SMTP_TIMEOUT_MS - 500);
      expect(standard.ms).toBeLessThan(SMTP_TIMEOUT_MS + 5000);
    } finally {
      fast.close();
      byDefault.close();
      await silent.close();
    }
  }, 30_000);

  it('still delivers through a working server', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'a@example.it', dataDir: '/tmp', logger, timeoutMs: 2000 });
    try {
      await mailer.send({ ...mail, to: 'arrivato@example.it' });
      expect((await smtp.waitFor('arrivato@example.it', 5000)).subject).toBe('Prova');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
