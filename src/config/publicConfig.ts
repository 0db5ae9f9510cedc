import { DEFAULT_CLUB_NAME } from '../../common/matches/read';
import { DEFAULT_TIMEZONE } from '../../common/core/date-text';
import { DEFAULT_CLASH_MARGIN_MINUTES, MAX_CLASH_MARGIN_MINUTES } from '../../common/occupancy/messages';

/** What GET /api/config tells the SPA at run time (never build-time constants). */
export interface PublicConfig {
  /** Where the authentication service lives, absolute, without a trailing slash. */
  supabaseUrl: string;
  /** Its public key; null when the server gave none (supabase-js then cannot start). */
  supabaseAnonKey: string | null;
  /** CLUB_NAME: the home-team detection (docs/matches.md, home or away) and the highlighted team on the cards. */
  clubName: string;
  /** APP_TIMEZONE: the club's "today". */
  timezone: string;
  /** CLASH_MARGIN_MINUTES: the changing-room changeover of the clash rule (docs/occupancy.md). */
  clashMarginMinutes: number;
}

/** The club settings the screens use, with the server's defaults until /api/config answered. */
export type ClubConfig = Pick<PublicConfig, 'clubName' | 'timezone'>;

/** CLUB_NAME's and APP_TIMEZONE's defaults on the server. */
export const DEFAULT_CLUB_CONFIG: ClubConfig = { clubName: DEFAULT_CLUB_NAME, timezone: DEFAULT_TIMEZONE };

/** What the signed-in screens keep of /api/config (the store): the club settings and the clash margin. */
export type AppConfig = ClubConfig & Pick<PublicConfig, 'clashMarginMinutes'>;
export const DEFAULT_APP_CONFIG: AppConfig = { ...DEFAULT_CLUB_CONFIG, clashMarginMinutes: DEFAULT_CLASH_MARGIN_MINUTES };

/** A margin as the server may send it: a whole number of minutes the server accepts, else the default. */
const marginOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_CLASH_MARGIN_MINUTES ? v : DEFAULT_CLASH_MARGIN_MINUTES);

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Reads the body of GET /api/config, tolerating the usual field names of the supabase settings. */
export function parsePublicConfig(body: unknown, origin: string): PublicConfig {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown> & { supabase?: Record<string, unknown> };
  const pick = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v.trim().length > 0);
  const url = pick(b.supabaseUrl, b.url, b.supabase?.url) ?? '/';
  const timezone = pick(b.timezone);
  return {
    supabaseUrl: new URL(url, origin).toString().replace(/\/+$/, ''),
    supabaseAnonKey: pick(b.supabaseAnonKey, b.anonKey, b.supabaseKey, b.supabase?.anonKey, b.supabase?.key) ?? null,
    clubName: pick(b.clubName)?.trim() ?? DEFAULT_CLUB_CONFIG.clubName,
    timezone: timezone && isTimeZone(timezone) ? timezone : DEFAULT_CLUB_CONFIG.timezone,
    clashMarginMinutes: marginOf(b.clashMarginMinutes),
  };
}

let configPromise: Promise<PublicConfig> | null = null;

/**
 * GET /api/config, fetched once for the whole page (plain fetch: the public page must not load
 * supabase-js to learn the club's name). A failed load may be retried by the next caller.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (!configPromise) {
    const promise = (async () => {
      const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return parsePublicConfig(await response.json(), window.location.origin);
    })();
    configPromise = promise;
    promise.catch(() => {
      if (configPromise === promise) configPromise = null;
    });
  }
  return configPromise;
}
