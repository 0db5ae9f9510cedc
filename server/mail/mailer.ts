import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the mail carries, logged when the mail goes to the outbox folder. */
  link?: string;
  /** Extra headers (List-Unsubscribe of the notification mails). */
  headers?: Record<string, string>;
  /** Files attached (the week PDF of the digest). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Longest wait for the SMTP server to connect, greet, or answer any command. */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * SMTP_URL set: nodemailer over SMTP. Unset: each message is written as an .eml file
 * under DATA_DIR/outbox and its link is logged, so a lone machine still completes the flow.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; logger: Logger; timeoutMs?: number }): Mailer {
  if (opts.smtpUrl) {
    // nodemailer waits up to 2 minutes for a connection and 10 for a silent socket by default;
    // an invitation sends while holding the users change lock, so a dead SMTP server must fail
    // fast. Query parameters of SMTP_URL (?socketTimeout=...) still override these.
    const timeout = opts.timeoutMs ?? SMTP_TIMEOUT_MS;
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, attachments: mail.attachments });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  // CRLF line endings (RFC 5322), as the message would travel over SMTP: an .eml is a mail as sent.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, attachments: mail.attachments });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.logger.info({ to: mail.to, file, link: mail.link }, 'mail salvata nella cartella outbox');
    },
    close: () => transport.close(),
  };
}
