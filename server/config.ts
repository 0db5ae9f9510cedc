import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { firstPasswordError } from '../common/auth/password';
import { DEFAULT_CLASH_MARGIN_MINUTES, MAX_CLASH_MARGIN_MINUTES } from '../common/occupancy/messages';
import { DEFAULT_PLAYING_HOURS, parsePlayingHours, type PlayingHours } from '../common/occupancy/slots';
import { DEFAULT_DESIGNATION_MARGIN_MINUTES } from '../common/officials/rules';
import { REGOLA_CERTIFICATO_DEFAULT, isInizioStagione, type RegolaCertificato } from '../common/players/rules';

const optionalString = z.string().trim().min(1).optional();

/** A client-IP trust rule proxy-addr understands: a hop count, or addresses, CIDR ranges and its named ranges. */
function validTrustProxy(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10;
  return value.split(',').every((part) => {
    const p = part.trim();
    if (['loopback', 'linklocal', 'uniquelocal'].includes(p)) return true;
    const [ip, bits, ...rest] = p.split('/');
    if (rest.length || !net.isIP(ip)) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (net.isIPv4(ip) ? 32 : 128));
  });
}

/** Every setting of the README, validated once at start; a message names the variable at fault. */
const schema = z.object({
  PORT: z.coerce.number({ error: 'deve essere un numero di porta' }).int('deve essere un intero').min(0).max(65535, 'al massimo 65535').default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'deve essere un indirizzo http(s)://...' }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'deve essere un indirizzo postgres://utente:password@host:porta/database' }).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'deve avere almeno 32 caratteri').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'deve essere un indirizzo smtp:// o smtps://' }).optional(),
  MAIL_FROM: optionalString,
  ADMIN_EMAIL: z.email({ error: 'deve essere un indirizzo email' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .superRefine((pw, ctx) => {
      const problem = firstPasswordError(pw);
      if (problem) ctx.addIssue({ code: 'custom', message: `non rispetta i criteri delle password (${problem})` });
    })
    .optional(),
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
    }, 'fuso orario sconosciuto (es. Europe/Rome)'),
  CLUB_NAME: z.string().trim().min(2, 'almeno 2 caratteri').max(50, 'al massimo 50 caratteri').default('Garibaldina'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'uno tra fatal, error, warn, info, debug, trace, silent' })
    .default('info'),
  LOG_RETENTION_DAYS: z.coerce
    .number({ error: 'deve essere un numero di giorni' })
    .int('deve essere un numero intero di giorni')
    .min(1, 'almeno 1 giorno')
    .max(36500, 'al massimo 36500 giorni')
    .default(365),
  CLASH_MARGIN_MINUTES: z.coerce
    .number({ error: 'deve essere un numero di minuti' })
    .int('deve essere un numero intero di minuti')
    .min(0, 'almeno 0 minuti')
    .max(MAX_CLASH_MARGIN_MINUTES, `al massimo ${MAX_CLASH_MARGIN_MINUTES} minuti`)
    .default(DEFAULT_CLASH_MARGIN_MINUTES),
  // Minutes an official keeps free before and after each match they are designated to (docs/officials.md).
  DESIGNATION_MARGIN_MINUTES: z.coerce
    .number({ error: 'deve essere un numero di minuti' })
    .int('deve essere un numero intero di minuti')
    .min(0, 'almeno 0 minuti')
    .max(240, 'al massimo 240 minuti')
    .default(DEFAULT_DESIGNATION_MARGIN_MINUTES),
  NOTIFY_DELAY_SECONDS: z.coerce
    .number({ error: 'deve essere un numero di secondi' })
    .int('deve essere un numero intero di secondi')
    .min(0, 'almeno 0 secondi')
    .max(86400, 'al massimo 86400 secondi')
    .default(300),
  // The longest a request may take to arrive whole (headers and body): a body that stops arriving is answered 408 and closed.
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'deve essere un numero di secondi' })
    .int('deve essere un numero intero di secondi')
    .min(1, 'almeno 1 secondo')
    .max(3600, 'al massimo 3600 secondi')
    .default(60),
  // Uncached reads of the public list one client address may cause (docs/public-page.md): a burst, then this many a second.
  PUBLIC_LIST_BURST: z.coerce
    .number({ error: 'deve essere un numero di richieste' })
    .int('deve essere un numero intero di richieste')
    .min(1, 'almeno 1 richiesta')
    .max(10000, 'al massimo 10000 richieste')
    .default(30),
  PUBLIC_LIST_PER_SECOND: z.coerce
    .number({ error: 'deve essere un numero di richieste al secondo' })
    .min(0.01, 'almeno 0.01 richieste al secondo')
    .max(1000, 'al massimo 1000 richieste al secondo')
    .default(3),
  // Error reports from signed-out visitors, all addresses together, per minute (docs/logs.md).
  ANON_ERROR_REPORTS_PER_MINUTE: z.coerce
    .number({ error: 'deve essere un numero di segnalazioni' })
    .int('deve essere un numero intero di segnalazioni')
    .min(1, 'almeno 1 segnalazione')
    .max(100000, 'al massimo 100000 segnalazioni')
    .default(600),
  // The club's playing hours for the slot finder (docs/trainings.md).
  PLAYING_HOURS: z
    .string()
    .trim()
    .default(DEFAULT_PLAYING_HOURS)
    .refine((v) => parsePlayingHours(v) !== null, 'usa ad esempio "1-5=17:00-21:00;6-7=09:00-19:00" (giorni 1 = lunedì ... 7 = domenica)'),
  // The certificate rule (docs/players.md): the age from which the competitive certificate is required
  // (art. 43 NOIF as amended in 2017: 12), and the first day of the federation's season (1 July).
  COMPETITIVE_CERTIFICATE_AGE: z.coerce
    .number({ error: 'deve essere un numero di anni' })
    .int('deve essere un numero intero di anni')
    .min(5, 'almeno 5 anni')
    .max(18, 'al massimo 18 anni')
    .default(REGOLA_CERTIFICATO_DEFAULT.etaAgonistico),
  SEASON_START: z
    .string()
    .trim()
    .default(REGOLA_CERTIFICATO_DEFAULT.inizioStagione)
    .refine(isInizioStagione, 'usa il formato MM-GG, ad esempio 07-01 (il 29 febbraio non vale)'),
  // 'true' would let any client choose its IP through X-Forwarded-For (docs/operations.md): refused.
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(validTrustProxy, 'numero di proxy (1-10) o indirizzi/reti dei proxy separati da virgole (es. 127.0.0.1,10.0.0.0/8)')
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** true when PUBLIC_URL was set; false when publicUrl is the http://localhost:PORT default. */
  publicUrlFromEnv: boolean;
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
  /** Days the error and activity logs keep their rows (LOG_RETENTION_DAYS). */
  logRetentionDays: number;
  /** Changeover minutes a changing room is held before a match's start and after its end (CLASH_MARGIN_MINUTES). */
  clashMarginMinutes: number;
  /** Travel minutes an official keeps free before and after each designated match (DESIGNATION_MARGIN_MINUTES). */
  designationMarginMinutes: number;
  /** Seconds the change mails of a category wait so that close edits make one mail (NOTIFY_DELAY_SECONDS). */
  notifyDelaySeconds: number;
  /** Seconds a request may take to arrive whole (REQUEST_TIMEOUT_SECONDS): then 408 and the connection closed. */
  requestTimeoutSeconds: number;
  /** Uncached reads of the public list a client address may cause at once (PUBLIC_LIST_BURST). */
  publicListBurst: number;
  /** ...and per second in the long run (PUBLIC_LIST_PER_SECOND). */
  publicListPerSecond: number;
  /** Error reports from signed-out visitors per minute, all addresses together (ANON_ERROR_REPORTS_PER_MINUTE). */
  anonErrorReportsPerMinute: number;
  /** When matches may be proposed by the slot finder, per weekday (PLAYING_HOURS). */
  playingHours: PlayingHours;
  /** The certificate rule's settings (COMPETITIVE_CERTIFICATE_AGE, SEASON_START; docs/players.md). */
  certificateRule: RegolaCertificato;
}

export class ConfigError extends Error {}

/**
 * The start-up warning (logged once by start.ts) when PUBLIC_URL is unset: links in mails, the
 * calendar feeds and the printed sheets' QR code would point to the http://localhost default.
 */
export function publicUrlWarning(config: Pick<Config, 'publicUrl' | 'publicUrlFromEnv'>): string | null {
  if (config.publicUrlFromEnv) return null;
  return `PUBLIC_URL non impostato: i link nelle email, i calendari e il QR dei fogli stampati punterebbero a ${config.publicUrl}. I fogli stampati riportano "Indirizzo pubblico non configurato (PUBLIC_URL)" al posto del QR: impostare PUBLIC_URL all'indirizzo pubblico del sito.`;
}

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
    publicUrlFromEnv: e.PUBLIC_URL !== undefined,
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
    logRetentionDays: e.LOG_RETENTION_DAYS,
    clashMarginMinutes: e.CLASH_MARGIN_MINUTES,
    designationMarginMinutes: e.DESIGNATION_MARGIN_MINUTES,
    notifyDelaySeconds: e.NOTIFY_DELAY_SECONDS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    playingHours: parsePlayingHours(e.PLAYING_HOURS)!,
    publicListBurst: e.PUBLIC_LIST_BURST,
    publicListPerSecond: e.PUBLIC_LIST_PER_SECOND,
    anonErrorReportsPerMinute: e.ANON_ERROR_REPORTS_PER_MINUTE,
    certificateRule: { etaAgonistico: e.COMPETITIVE_CERTIFICATE_AGE, inizioStagione: e.SEASON_START },
  };
}
