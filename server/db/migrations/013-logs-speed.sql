-- Substring filters of the logs at a million rows (docs/performance.md; bench/logs.ts).
--
-- What filters match does not change: user_email, error_message and endpoint are still a
-- case-insensitive substring, lower(col) LIKE '%text%' (the logs' filters, docs/logs.md).
--
-- 1. The lower case of the email (both logs) and of the endpoint is STORED in a generated column
--    (*_lc). lower() on every row walked cost about three times the LIKE itself (UTF-8 case
--    folding), and a stored value can be carried by a btree (point 2); the trigram indexes move
--    to these columns, and the queries (repo.ts) filter `user_email_lc LIKE ...`, which is
--    lower(user_email) LIKE ... by definition.
-- 2. The date indexes carry the lower-case email (and, in a second activity index, the endpoint)
--    as INCLUDE columns. A frequent term ("example", 30% of the rows) is best served by walking
--    the date index newest first and stopping after the page, or after the 10,001 rows of the
--    capped count; with the value in the index that walk is an index-only scan (no heap visit per
--    row). Every value fits a btree tuple whatever its characters: at most 320 characters x 4
--    bytes for an email, 500 x 4 for an endpoint, so the two go in separate indexes (their sum
--    could pass the btree limit of 2,704 bytes). error_message (1,000 characters, up to 4,000
--    bytes) cannot go in a btree safely: a long report would fail the intake's whole batch. It
--    keeps its 007 trigram index on lower(error_message).
-- 3. Statistics target 1000 on the filtered text: the planner chooses between walking the date
--    index (frequent term) and the trigram index (rare term: a member's email, a rare word) from
--    the LIKE selectivity it reads in the most-common values and histogram; with the default
--    target (100) the 300 emails of a club did not fit and '%socio42@%' was estimated at 78 rows
--    instead of 3,334.
--
-- The date indexes keep their 007 names (log-retention.ts walks them from the old end).

ALTER TABLE public.error_logs ADD COLUMN user_email_lc text GENERATED ALWAYS AS (lower(user_email)) STORED;
ALTER TABLE public.activity_logs
  ADD COLUMN user_email_lc text GENERATED ALWAYS AS (lower(user_email)) STORED,
  ADD COLUMN endpoint_lc text GENERATED ALWAYS AS (lower(endpoint)) STORED;

DROP INDEX public.error_logs_email_trgm_idx;
CREATE INDEX error_logs_email_trgm_idx ON public.error_logs USING gin (user_email_lc gin_trgm_ops);
DROP INDEX public.activity_logs_email_trgm_idx;
CREATE INDEX activity_logs_email_trgm_idx ON public.activity_logs USING gin (user_email_lc gin_trgm_ops);
DROP INDEX public.activity_logs_endpoint_trgm_idx;
CREATE INDEX activity_logs_endpoint_trgm_idx ON public.activity_logs USING gin (endpoint_lc gin_trgm_ops);

DROP INDEX public.error_logs_last_idx;
CREATE INDEX error_logs_last_idx ON public.error_logs (last_occurred_at DESC, id DESC) INCLUDE (user_email_lc);
DROP INDEX public.activity_logs_created_idx;
CREATE INDEX activity_logs_created_idx ON public.activity_logs (created_at DESC, id DESC) INCLUDE (user_email_lc);
CREATE INDEX activity_logs_created_endpoint_idx ON public.activity_logs (created_at DESC, id DESC) INCLUDE (endpoint_lc);

ALTER TABLE public.error_logs ALTER COLUMN user_email_lc SET STATISTICS 1000;
ALTER TABLE public.activity_logs ALTER COLUMN user_email_lc SET STATISTICS 1000;
ALTER TABLE public.activity_logs ALTER COLUMN endpoint_lc SET STATISTICS 1000;
ALTER INDEX public.error_logs_message_trgm_idx ALTER COLUMN 1 SET STATISTICS 1000;
