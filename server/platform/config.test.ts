import path from 'node:path';
import { ConfigError, loadConfig } from '../config';

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('la configurazione è stata accettata');
}

describe('configuration (one zod schema, read once at start)', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      publicUrlFromEnv: false,
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      jwtSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'Calendario Garibaldina <noreply@localhost>',
      timezone: 'Europe/Rome',
      clubName: 'Garibaldina',
      logLevel: 'info',
      trustProxy: false,
      designationMarginMinutes: 30,
      publicListBurst: 30,
      publicListPerSecond: 3,
      anonErrorReportsPerMinute: 600,
    });
    expect(() => loadConfig({ DESIGNATION_MARGIN_MINUTES: '241' })).toThrow(/DESIGNATION_MARGIN_MINUTES: al massimo 240 minuti/);
  });

  it('reads every setting', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://calendario.example.it/',
      DATABASE_URL: 'postgres://u:p@db:5432/cal',
      DATA_DIR: '/var/lib/cal',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtps://u:p@mail.example.it:465',
      MAIL_FROM: 'Calendario <cal@example.it>',
      ADMIN_EMAIL: 'Admin@Example.it',
      ADMIN_PASSWORD: 'Segreta1!',
      APP_TIMEZONE: 'Europe/Zurich',
      CLUB_NAME: 'Pro Loco',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.1,192.168.0.0/16',
      LOG_RETENTION_DAYS: '90',
      CLASH_MARGIN_MINUTES: '20',
      DESIGNATION_MARGIN_MINUTES: '45',
      NOTIFY_DELAY_SECONDS: '120',
      PLAYING_HOURS: '6-7=10:00-18:30; 3=17:30-20:00',
      PUBLIC_LIST_BURST: '10',
      PUBLIC_LIST_PER_SECOND: '0.5',
      ANON_ERROR_REPORTS_PER_MINUTE: '120',
      COMPETITIVE_CERTIFICATE_AGE: '11',
      SEASON_START: '09-01',
    });
    expect(c).toEqual({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://calendario.example.it',
      publicUrlFromEnv: true,
      requestTimeoutSeconds: 60,
      databaseUrl: 'postgres://u:p@db:5432/cal',
      dataDir: '/var/lib/cal',
      jwtSecret: 'x'.repeat(40),
      smtpUrl: 'smtps://u:p@mail.example.it:465',
      mailFrom: 'Calendario <cal@example.it>',
      adminEmail: 'admin@example.it',
      adminPassword: 'Segreta1!',
      timezone: 'Europe/Zurich',
      clubName: 'Pro Loco',
      logLevel: 'warn',
      trustProxy: '10.0.0.1,192.168.0.0/16',
      logRetentionDays: 90,
      clashMarginMinutes: 20,
      designationMarginMinutes: 45,
      notifyDelaySeconds: 120,
      playingHours: { 1: null, 2: null, 3: { from: 1050, to: 1200 }, 4: null, 5: null, 6: { from: 600, to: 1110 }, 7: { from: 600, to: 1110 } },
      publicListBurst: 10,
      publicListPerSecond: 0.5,
      anonErrorReportsPerMinute: 120,
      certificateRule: { etaAgonistico: 11, inizioStagione: '09-01' },
    });
    // The certificate rule's defaults (docs/players.md): 12 years, seasons from 1 July.
    expect(loadConfig({}).certificateRule).toEqual({ etaAgonistico: 12, inizioStagione: '07-01' });
    // Default: weekdays 17:00-21:00, Saturday and Sunday 9:00-19:00 (docs/trainings.md).
    expect(loadConfig({}).playingHours).toMatchObject({ 1: { from: 1020, to: 1260 }, 6: { from: 540, to: 1140 } });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'calendario.example.it'],
    ['DATABASE_URL', 'x'],
    ['DATABASE_URL', 'mysql://db/cal'],
    ['JWT_SECRET', 'corto'],
    ['SMTP_URL', 'http://mail'],
    ['ADMIN_EMAIL', 'admin'],
    ['ADMIN_PASSWORD', 'password'],
    ['APP_TIMEZONE', 'Europe/Nowhere'],
    ['CLUB_NAME', 'x'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.1/40'],
    ['PLAYING_HOURS', 'sabato 9-19'],
    ['PLAYING_HOURS', '6=19:00-09:00'],
    ['PUBLIC_LIST_BURST', '0'],
    ['PUBLIC_LIST_BURST', '2.5'],
    ['PUBLIC_LIST_PER_SECOND', '0'],
    ['PUBLIC_LIST_PER_SECOND', 'tanti'],
    ['ANON_ERROR_REPORTS_PER_MINUTE', '0'],
    ['ANON_ERROR_REPORTS_PER_MINUTE', '100001'],
    ['COMPETITIVE_CERTIFICATE_AGE', '4'],
    ['COMPETITIVE_CERTIFICATE_AGE', 'dodici'],
    ['SEASON_START', '02-29'],
    ['SEASON_START', '1 luglio'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    const message = failure({ [name]: value });
    expect(message).toMatch(/^Configurazione non valida:/);
    expect(message).toContain(`${name}: `);
  });

  it('lists every bad variable at once', () => {
    const message = failure({ PORT: 'abc', DATABASE_URL: 'x' });
    expect(message).toContain('PORT: deve essere un numero di porta');
    expect(message).toContain('DATABASE_URL: deve essere un indirizzo postgres://');
  });
});
