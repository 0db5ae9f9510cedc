// The error log and the activity log (docs/logs.md: the screens, entries, states, validation, calls,
// messages, severity and limits): the rules and Italian strings both the server
// (intake, admin API, activity records) and the SPA (screens, error reporter) use.
// Not part of common/core/messages.ts: that module is in the start-up bundle.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { uuidId, z } from '../core/zod';
import { isIsoDate } from '../core/date-text';
import { ROLE_LABEL, type Role } from '../users/roles';
import { ERROR_TYPES, type ErrorType, CLIENT_ERROR_TYPES, SEVERITIES, type Severity, CLIENT_SEVERITIES, ACTIVITY_TYPES, type ActivityType, LOG_PAGE_SIZES, type LogPageSize, LOG_PAGE_SIZE, ERROR_MESSAGE_MAX, STACK_MAX_LINES, STACK_LINE_MAX, STACK_MAX_CHARS, CONTEXT_MAX_BYTES, CONTEXT_MAX_DEPTH, NOTES_MAX, RESOLVE_MULTIPLE_MAX, INTAKE_BODY_LIMIT, LOG_FILTER_TEXT_MAX } from './constants';
import { LOGS_MSG } from './messages';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);


// ---- Severity (docs/logs.md) ----

const HIGH = /network|failed to fetch|load failed|connessione|timeout|timed out|\bauth|unauthori[sz]ed|forbidden|token|sessione|\bcors\b|cross-origin/i;
const MEDIUM = /validat|invalid|non valid|bad request|not found|non trovat|richiesta non valida/i;

/**
 * Severity assignment (docs/logs.md): network, auth and CORS errors high; validation, bad request and
 * not found medium; everything else low. Looks at the HTTP status when there is one (401/403
 * high; 400/404/422 medium; 0 = network failure, high), then at the error's name and message.
 */
export function severityOf(error: { message?: string | null; name?: string | null; status?: number | null; type?: string | null }): Exclude<Severity, 'critical'> {
  const { status } = error;
  if (status === 0 || status === 401 || status === 403) return 'high';
  if (status === 400 || status === 404 || status === 422) return 'medium';
  if (error.type === 'auth') return 'high';
  const text = `${error.name ?? ''} ${error.message ?? ''}`;
  if (HIGH.test(text)) return 'high';
  if (MEDIUM.test(text)) return 'medium';
  return 'low';
}

// ---- Caps ----

/** The stack kept to its first 20 lines (docs/logs.md), each line and the whole capped. */
export function trimStack(stack: string | null | undefined): string | null {
  if (!stack) return null;
  const lines = stack
    .split(/\r?\n/)
    .slice(0, STACK_MAX_LINES)
    .map((l) => (l.length > STACK_LINE_MAX ? l.slice(0, STACK_LINE_MAX) : l));
  const text = lines.join('\n').slice(0, STACK_MAX_CHARS).trimEnd();
  return text || null;
}

/** The first frame of a stack ("at fn (file:line:col)"), part of the dedupe hash. */
export function firstStackFrame(stack: string | null | undefined): string {
  if (!stack) return '';
  const frame = stack.split(/\r?\n/).find((l) => /^\s*at\s|@/.test(l));
  return (frame ?? '').trim();
}

/** Nesting depth of a JSON value (a scalar is 0, {} is 1). */
export function jsonDepth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let max = 0;
  for (const v of Object.values(value as Record<string, unknown>)) max = Math.max(max, jsonDepth(v));
  return max + 1;
}

const contextSchema = z
  .record(z.string(), z.unknown(), { error: LOGS_MSG.server.contextInvalid })
  .refine((c) => jsonDepth(c) <= CONTEXT_MAX_DEPTH && new TextEncoder().encode(JSON.stringify(c)).length <= CONTEXT_MAX_BYTES, {
    error: LOGS_MSG.server.contextTooLarge,
  });

// ---- Intake (docs/logs.md: POST /api/error-logs) ----

/** Body of POST /api/error-logs: strict; the stack is cut to 20 lines (not refused). */
export const errorReportSchema = z.strictObject({
  message: z
    .string({ error: LOGS_MSG.server.messageRequired })
    .trim()
    .min(1, LOGS_MSG.server.messageRequired)
    .max(ERROR_MESSAGE_MAX, LOGS_MSG.server.messageTooLong),
  stack: z
    .string({ error: LOGS_MSG.server.stackInvalid })
    .max(INTAKE_BODY_LIMIT, LOGS_MSG.server.stackInvalid)
    .nullish()
    .transform((s) => trimStack(s)),
  type: z.enum(CLIENT_ERROR_TYPES, { error: LOGS_MSG.server.typeInvalid }),
  severity: z.enum(CLIENT_SEVERITIES, { error: LOGS_MSG.server.severityInvalid }).optional(),
  context: contextSchema.nullish(),
});
export type ErrorReport = z.input<typeof errorReportSchema>;

// ---- Filters (docs/logs.md) ----

const text = z
  .string()
  .trim()
  .max(LOG_FILTER_TEXT_MAX, LOGS_MSG.server.filterTooLong)
  .optional()
  .transform((v) => v || undefined);

const LOCAL_FORMATS = ['YYYY-MM-DDTHH:mm', 'YYYY-MM-DDTHH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'];
const OFFSET_RE = /(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A filter date-time as an instant (ISO string, UTC): an ISO date-time with offset as is; a local
 * date-time (the screen's datetime-local input, 2026-05-01T18:30) or a date in the club's time
 * zone. A date alone means the start of that day, or its end when `endOfDay` (an end date).
 * Null when the value is not a real date-time.
 */
export function filterInstant(value: string, tz: string, endOfDay = false): string | null {
  if (value.length > 40) return null;
  if (isIsoDate(String(value))) {
    const d = dayjs.tz(value, tz);
    return (endOfDay ? d.endOf('day') : d.startOf('day')).toISOString();
  }
  if (OFFSET_RE.test(value)) {
    if (!z.iso.datetime({ offset: true }).safeParse(value).success || !isIsoDate(value.slice(0, 10))) return null;
    return new Date(value).toISOString();
  }
  if (!LOCAL_FORMATS.some((f) => dayjs(value, f, true).isValid())) return null;
  const d = dayjs.tz(value.replace(' ', 'T'), tz);
  return d.isValid() ? d.toISOString() : null;
}

const dateTime = z
  .string({ error: LOGS_MSG.server.dateInvalid })
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || filterInstant(v, 'UTC') !== null, { error: LOGS_MSG.server.dateInvalid });

const page = z
  .string({ error: LOGS_MSG.server.pageInvalid })
  .regex(/^\d{1,6}$/, LOGS_MSG.server.pageInvalid)
  .transform(Number)
  .refine((n) => n >= 1, { error: LOGS_MSG.server.pageInvalid })
  .optional()
  .transform((n) => n ?? 1);

const limit = z
  .enum(LOG_PAGE_SIZES.map(String) as ['10', '25', '50', '100'], { error: LOGS_MSG.server.limitInvalid })
  .optional()
  .transform((v) => (v ? (Number(v) as LogPageSize) : LOG_PAGE_SIZE));

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/error-logs query (docs/logs.md, the error log's filters). Query values arrive as strings; '' means unset. */
export const errorFiltersSchema = z.strictObject({
  error_type: z.preprocess(emptyToUndefined, z.enum(ERROR_TYPES, { error: LOGS_MSG.server.typeInvalid }).optional()),
  severity: z.preprocess(emptyToUndefined, z.enum(SEVERITIES, { error: LOGS_MSG.server.severityInvalid }).optional()),
  resolved: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'], { error: LOGS_MSG.server.resolvedInvalid })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  ),
  user_email: text,
  error_message: text,
  start_date: dateTime,
  end_date: dateTime,
  page,
  limit,
});
export type ErrorFilters = z.output<typeof errorFiltersSchema>;

/** GET /api/activities query (docs/logs.md, the activity log's filters). */
export const activityFiltersSchema = z.strictObject({
  activity_type: z.preprocess(emptyToUndefined, z.enum(ACTIVITY_TYPES, { error: LOGS_MSG.server.activityTypeInvalid }).optional()),
  user_email: text,
  endpoint: text,
  start_date: dateTime,
  end_date: dateTime,
  page,
  limit,
});
export type ActivityFilters = z.output<typeof activityFiltersSchema>;

/** True when a filter besides page and limit is set (the ATTIVI badge of the log screens, docs/logs.md). */
export function hasActiveFilters(filters: Record<string, unknown>): boolean {
  return Object.entries(filters).some(([k, v]) => k !== 'page' && k !== 'limit' && v !== undefined && v !== null && v !== '');
}

// ---- Resolve (docs/logs.md) ----

const notes = z
  .string()
  .trim()
  .max(NOTES_MAX, LOGS_MSG.server.notesTooLong)
  .nullish()
  .transform((v) => v || null);

/** PUT /api/error-logs/{id}/resolve body. */
export const resolveErrorSchema = z.strictObject({ notes });

export const errorIdParamsSchema = z.strictObject({ id: uuidId(LOGS_MSG.server.errorNotFound) });

/** PUT /api/error-logs/resolve-multiple body: a non-empty list of ids (docs/logs.md). */
export const resolveMultipleSchema = z.strictObject({
  errorIds: z
    .array(uuidId(LOGS_MSG.server.idInvalid), { error: LOGS_MSG.idsRequired })
    .min(1, LOGS_MSG.idsRequired)
    .max(RESOLVE_MULTIPLE_MAX, LOGS_MSG.server.tooManyIds),
  notes,
});

// ---- Shapes of the API (docs/logs.md; lists as docs/api.md says) ----

export interface ErrorLogEntry {
  id: string;
  error_type: ErrorType;
  severity: Severity;
  error_message: string;
  error_stack: string | null;
  endpoint: string | null;
  method: string | null;
  status_code: number | null;
  occurrence_count: number;
  first_occurred_at: string;
  last_occurred_at: string;
  created_at: string;
  error_hash: string;
  context: Record<string, unknown> | null;
  user_id: string | null;
  user_email: string | null;
  user_role: Role | null;
  resolved: boolean;
  resolved_at: string | null;
  notes: string | null;
}

export interface ErrorStat {
  error_type: ErrorType;
  severity: Severity;
  total_errors: number;
  unresolved_errors: number;
}

export interface ActivityLogEntry {
  id: string;
  activity_type: ActivityType;
  activity_message: string;
  endpoint: string | null;
  created_at: string;
  user_id: string | null;
  user_email: string | null;
  user_role: Role | null;
  ip_address: string | null;
  user_agent: string | null;
  context: Record<string, unknown> | null;
}

export interface LogPage<T> {
  data: T[];
  /** Exact when countExact; else meaning "more than that". */
  count: number;
  countExact: boolean;
  page: number;
  totalPages: number;
}

export interface ResolveResponse {
  data: ErrorLogEntry;
  message: string;
}

export interface ResolveMultipleResponse {
  resolved_count: number;
  message: string;
}

/** GET /api/error-stats: the list of statistics groups (docs/logs.md), largest first. */
export type ErrorStatsResponse = ErrorStat[];

// ---- Activity messages as shown ----

const ROLE_CODE = '(reader|editor|admin)';
const OLD_ROLE_CHANGE = new RegExp(`^(Ruolo di .+ cambiato da )${ROLE_CODE} a ${ROLE_CODE}$`);
const OLD_INVITE = new RegExp(`^(Utente invitato: .+ \\()${ROLE_CODE}\\)$`);

/**
 * An activity message as the log screen shows it: records written before November 2026 carry the role
 * codes ('Ruolo di x cambiato da reader a editor'); they read with the labels of every other
 * screen ('... da Lettore a Editor'). Any other message is shown as stored.
 */
export function activityMessageText(message: string): string {
  const change = OLD_ROLE_CHANGE.exec(message);
  if (change) return `${change[1]}${ROLE_LABEL[change[2] as Role]} a ${ROLE_LABEL[change[3] as Role]}`;
  const invite = OLD_INVITE.exec(message);
  if (invite) return `${invite[1]}${ROLE_LABEL[invite[2] as Role]})`;
  return message;
}
