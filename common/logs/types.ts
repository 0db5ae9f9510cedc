// The answers of the log routes (server/features/logs/routes.ts) as zod schemas: the routes declare
// them (they encode every answer and make the OpenAPI document); the SPA reads the interfaces of
// common/logs/rules.ts they satisfy (with `import type`: no schema reaches the bundle).
import { z } from '../core/zod';
import { ROLES } from '../users/roles';
import { ACTIVITY_TYPES, ERROR_TYPES, SEVERITIES } from './constants';
import type { ActivityLogEntry, ErrorLogEntry, ErrorStat, ErrorStatsResponse, LogPage, ResolveMultipleResponse, ResolveResponse } from './rules';

const role = z.enum(ROLES);
const context = z.record(z.string(), z.unknown()).nullable();

/** POST /api/error-logs (201): the report is in the log. */
export const errorReportResponse = z.object({ success: z.boolean() });
export type ErrorReportResponse = z.infer<typeof errorReportResponse>;
/** POST /api/error-logs (429): too many reports from this address, or from signed-out visitors together. */
export const tooManyReportsResponse = z.object({ error: z.string() });

/** A row of the error log (docs/logs.md). */
const errorLogEntry = z.object({
  id: z.string(),
  error_type: z.enum(ERROR_TYPES),
  severity: z.enum(SEVERITIES),
  error_message: z.string(),
  error_stack: z.string().nullable(),
  endpoint: z.string().nullable(),
  method: z.string().nullable(),
  status_code: z.number().nullable(),
  occurrence_count: z.number(),
  first_occurred_at: z.string(),
  last_occurred_at: z.string(),
  created_at: z.string(),
  error_hash: z.string(),
  context,
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  user_role: role.nullable(),
  resolved: z.boolean(),
  resolved_at: z.string().nullable(),
  notes: z.string().nullable(),
}) satisfies z.ZodType<ErrorLogEntry>;

/** A row of the activity log (docs/logs.md). */
const activityLogEntry = z.object({
  id: z.string(),
  activity_type: z.enum(ACTIVITY_TYPES),
  activity_message: z.string(),
  endpoint: z.string().nullable(),
  created_at: z.string(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  user_role: role.nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  context,
}) satisfies z.ZodType<ActivityLogEntry>;

/** One page of a log, with the count capped (docs/logs.md). */
const logPage = <T extends z.ZodType>(entry: T) =>
  z.object({
    data: z.array(entry),
    count: z.number(),
    countExact: z.boolean(),
    page: z.number(),
    totalPages: z.number(),
  });

/** GET /api/error-logs: a page of the error log, newest occurrence first. */
export const errorLogPageResponse = logPage(errorLogEntry) satisfies z.ZodType<LogPage<ErrorLogEntry>>;

/** GET /api/activities: a page of the activity log, newest first. */
export const activityLogPageResponse = logPage(activityLogEntry) satisfies z.ZodType<LogPage<ActivityLogEntry>>;

/** GET /api/error-stats: the statistics groups, largest first. */
export const errorStatsResponse = z.array(
  z.object({
    error_type: z.enum(ERROR_TYPES),
    severity: z.enum(SEVERITIES),
    total_errors: z.number(),
    unresolved_errors: z.number(),
  }) satisfies z.ZodType<ErrorStat>,
) satisfies z.ZodType<ErrorStatsResponse>;

/** PUT /api/error-logs/{id}/resolve: the error as resolved, and the Italian message. */
export const resolveResponse = z.object({ data: errorLogEntry, message: z.string() }) satisfies z.ZodType<ResolveResponse>;

/** PUT /api/error-logs/resolve-multiple: how many were resolved, and the Italian message. */
export const resolveMultipleResponse = z.object({ resolved_count: z.number(), message: z.string() }) satisfies z.ZodType<ResolveMultipleResponse>;
