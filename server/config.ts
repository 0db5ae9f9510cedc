import { z } from 'zod';
import path from 'node:path';

const optionalString = z.string().trim().min(1).optional();

/** Every setting of the README, validated once at start. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'deve avere almeno 32 caratteri').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: optionalString,
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(72).optional(),
  APP_TIMEZONE: z
    .string()
    .default('Europe/Rome')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('it-IT', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'fuso orario sconosciuto'),
  CLUB_NAME: z.string().trim().min(2).max(50).default('Garibaldina'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalString,
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail?: string;
  adminPassword?: string;
  timezone: string;
  clubName: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** false, or the proxy addresses/hops Fastify may trust for the client IP. */
  trustProxy: false | string | number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configurazione non valida:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  let trustProxy: Config['trustProxy'] = false;
  if (e.TRUST_PROXY) trustProxy = /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY;
  return {
    port,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Calendario ${e.CLUB_NAME} <noreply@localhost>`,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    timezone: e.APP_TIMEZONE,
    clubName: e.CLUB_NAME,
    logLevel: e.LOG_LEVEL,
    trustProxy,
  };
}
