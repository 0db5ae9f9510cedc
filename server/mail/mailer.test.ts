import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

describe('line endings', () => {
  // A body with bare LF line breaks and an attachment with CRLF ones, as the designation mails have.
  const multiline = {
    to: 'righe@example.it',
    subject: 'Righe',
    text: 'Ciao Anna,\nsei stata designata.\n\nData: sabato\r\nOra: 15:00\n',
    html: '<p>Ciao</p>\n<p>Anna</p>',
    attachments: [{ filename: 'invito.ics', content: Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\n'), contentType: 'text/calendar' }],
  };
  const expectCrlfOnly = (raw: string) => {
    expect(raw).toContain('\r\n');
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  };

  it('the outbox .eml has CRLF line endings only', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({ from: 'a@example.it', dataDir, logger });
      await mailer.send(multiline);
      mailer.close();
      const [file] = await fs.readdir(path.join(dataDir, 'outbox'));
      expectCrlfOnly((await fs.readFile(path.join(dataDir, 'outbox', file))).toString('latin1'));
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('the SMTP message has CRLF line endings only', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'a@example.it', dataDir: '/tmp', logger, timeoutMs: 2000 });
    try {
      await mailer.send(multiline);
      expectCrlfOnly((await smtp.waitFor('righe@example.it', 5000)).raw);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
