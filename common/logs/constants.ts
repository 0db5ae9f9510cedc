// The error log's and the activity log's kinds, page sizes and caps: imports nothing (the screens,
// the reporter and the server read them; docs/logs.md).

// ---- Kinds (docs/logs.md) ----

export const ERROR_TYPES = ['frontend', 'backend', 'api', 'auth', 'database', 'performance'] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];
/** What a browser may report (the client types, plus auth for reset-link failures; docs/logs.md); backend and database are the server's own. */
export const CLIENT_ERROR_TYPES = ['frontend', 'api', 'performance', 'auth'] as const;
/** The types the error screen's filter offers (docs/logs.md). */
export const FILTER_ERROR_TYPES = ['frontend', 'backend', 'api', 'auth', 'database'] as const;

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
/** Severities a browser may report (docs/logs.md); critical is assigned on the server only. */
export const CLIENT_SEVERITIES = ['low', 'medium', 'high'] as const;

export const ACTIVITY_TYPES = ['success', 'info', 'warning'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

// ---- Constants (docs/api.md limits, docs/logs.md, and the server's caps) ----

export const LOG_PAGE_SIZES = [10, 25, 50, 100] as const;
export type LogPageSize = (typeof LOG_PAGE_SIZES)[number];
export const LOG_PAGE_SIZE: LogPageSize = 25;
/** Statistics cards shown on the error screen. */
export const STATS_CARDS = 5;
export const ERROR_MESSAGE_MAX = 1000;
export const STACK_MAX_LINES = 20;
export const STACK_LINE_MAX = 400;
export const STACK_MAX_CHARS = 8000;
/** JSON size and nesting depth of a report's context. */
export const CONTEXT_MAX_BYTES = 4096;
export const CONTEXT_MAX_DEPTH = 5;
export const NOTES_MAX = 2000;
/** Most ids one resolve-multiple call takes. */
export const RESOLVE_MULTIPLE_MAX = 1000;
/** Body limit of POST /api/error-logs (docs/logs.md: 16 KiB). */
export const INTAKE_BODY_LIMIT = 16 * 1024;
/** Error reports per IP per minute. */
export const INTAKE_RATE_LIMIT = { max: 60, windowSeconds: 60 } as const;
/**
 * Lists count matching rows exactly only up to this many (docs/logs.md; counting 80,000 rows
 * of a 30-day range cost more than the page). Past it the answer says countExact: false and
 * count: LOG_COUNT_CAP, meaning "more than LOG_COUNT_CAP"; the pages stop at the cap too.
 */
export const LOG_COUNT_CAP = 10_000;

/** Filter text inputs (email, message, endpoint). */
export const LOG_FILTER_TEXT_MAX = 200;
/** The log screens reload 300 ms after a filter change (docs/logs.md). */
export const FILTER_DEBOUNCE_MS = 300;
