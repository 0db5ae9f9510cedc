-- Error log and activity log (docs/logs.md).
--
-- Dedupe (docs/logs.md): error_hash is sha256(type, message, first stack frame).
-- It is UNIQUE among the OPEN errors only (partial unique index below): a burst of one error
-- makes one open row whose occurrence_count grows (INSERT ... ON CONFLICT (error_hash) WHERE NOT
-- resolved DO UPDATE); once an admin resolves it, the same error happening again opens a NEW row,
-- so a resolution is never silently undone and the history of the resolved one stays as it was.
--
-- Substring searches (user email, message, endpoint) are case-insensitive: lower(col) LIKE
-- lower('%text%'), served by pg_trgm GIN expression indexes. pg_trgm ships with PostgreSQL
-- (contrib) and is a trusted extension since PostgreSQL 13, so the database owner may create it
-- without superuser rights (embedded PostgreSQL 17 and any PostgreSQL 14+ with contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE public.error_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  error_type text NOT NULL CHECK (error_type IN ('frontend', 'backend', 'api', 'auth', 'database', 'performance')),
  severity text NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
  error_message text NOT NULL CHECK (char_length(error_message) BETWEEN 1 AND 1000),
  error_stack text CHECK (char_length(error_stack) <= 8000),
  endpoint text CHECK (char_length(endpoint) <= 500),
  method text CHECK (char_length(method) <= 16),
  status_code integer CHECK (status_code BETWEEN 100 AND 599),
  occurrence_count integer NOT NULL DEFAULT 1 CHECK (occurrence_count >= 1),
  first_occurred_at timestamptz NOT NULL DEFAULT now(),
  last_occurred_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  error_hash text NOT NULL CHECK (error_hash ~ '^[0-9a-f]{64}$'),
  context jsonb CHECK (context IS NULL OR jsonb_typeof(context) = 'object'),
  user_id uuid,
  user_email text CHECK (char_length(user_email) <= 320),
  user_role text CHECK (user_role IN ('reader', 'editor', 'admin')),
  resolved boolean NOT NULL DEFAULT false,
  resolved_at timestamptz,
  notes text CHECK (char_length(notes) <= 2000),
  CHECK (resolved = (resolved_at IS NOT NULL)),
  CHECK (last_occurred_at >= first_occurred_at)
);

-- The dedupe key: one OPEN row per hash (see above). Also the "unresolved" partial index.
CREATE UNIQUE INDEX error_logs_open_hash_key ON public.error_logs (error_hash) WHERE NOT resolved;

-- The list is sorted by last_occurred_at desc: one index per equality filter, date second, so
-- "filter + date range, newest first, LIMIT n" is an index range scan that stops after n rows.
CREATE INDEX error_logs_last_idx ON public.error_logs (last_occurred_at DESC, id DESC);
CREATE INDEX error_logs_type_last_idx ON public.error_logs (error_type, last_occurred_at DESC);
CREATE INDEX error_logs_severity_last_idx ON public.error_logs (severity, last_occurred_at DESC);
CREATE INDEX error_logs_resolved_last_idx ON public.error_logs (resolved, last_occurred_at DESC);
-- Statistics (GROUP BY error_type, severity with the unresolved count): an index-only scan.
CREATE INDEX error_logs_stats_idx ON public.error_logs (error_type, severity, resolved);
-- Case-insensitive substring search on the email and the message.
CREATE INDEX error_logs_email_trgm_idx ON public.error_logs USING gin (lower(user_email) gin_trgm_ops);
CREATE INDEX error_logs_message_trgm_idx ON public.error_logs USING gin (lower(error_message) gin_trgm_ops);
-- The retention purge walks error_logs_last_idx from its old end (rows last seen before the cutoff).

CREATE TABLE public.activity_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_type text NOT NULL CHECK (activity_type IN ('success', 'info', 'warning')),
  activity_message text NOT NULL CHECK (char_length(activity_message) BETWEEN 1 AND 1000),
  endpoint text CHECK (char_length(endpoint) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid,
  user_email text CHECK (char_length(user_email) <= 320),
  user_role text CHECK (user_role IN ('reader', 'editor', 'admin')),
  ip_address inet,
  user_agent text CHECK (char_length(user_agent) <= 512),
  context jsonb CHECK (context IS NULL OR jsonb_typeof(context) = 'object')
);

-- Sorted by created_at desc (the retention purge uses the same index from the other end).
CREATE INDEX activity_logs_created_idx ON public.activity_logs (created_at DESC, id DESC);
CREATE INDEX activity_logs_type_created_idx ON public.activity_logs (activity_type, created_at DESC);
CREATE INDEX activity_logs_email_trgm_idx ON public.activity_logs USING gin (lower(user_email) gin_trgm_ops);
CREATE INDEX activity_logs_endpoint_trgm_idx ON public.activity_logs USING gin (lower(endpoint) gin_trgm_ops);
