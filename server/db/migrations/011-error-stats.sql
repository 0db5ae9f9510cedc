-- GET /api/error-stats reads a handful of rows instead of grouping the whole error_logs
-- (docs/performance.md: the GROUP BY over a million rows took about 330 ms).
--
-- public.error_stats holds, per (error_type, severity), the number of error ROWS (total_errors)
-- and of OPEN rows (unresolved_errors). total_errors counts rows, not occurrences: a burst of
-- one error deduplicated into one row counts once, as before this migration (the statistics of docs/logs.md,
-- "errori" = distinct log entries; occurrence_count is shown per entry). Because occurrences are
-- not counted, the dedupe update of occurrence_count changes nothing here and fires no trigger
-- (the update trigger is limited to resolved, error_type and severity), so the intake's hot
-- path pays nothing.
--
-- Maintained by triggers on error_logs:
-- - INSERT and DELETE (the retention purge, admins' deletes): statement-level with a transition
--   table, so a bulk insert or a purge of 100,000 rows makes one grouped upsert, not 100,000;
-- - UPDATE of resolved / error_type / severity (resolve one, resolve many): row-level, only when
--   one of them really changes;
-- - TRUNCATE: empties the summary.
-- Rows that fall to zero stay (a handful at most: 6 types x 4 severities) and are not shown.
CREATE TABLE public.error_stats (
  error_type text NOT NULL,
  severity text NOT NULL,
  total_errors bigint NOT NULL DEFAULT 0 CHECK (total_errors >= 0),
  unresolved_errors bigint NOT NULL DEFAULT 0 CHECK (unresolved_errors >= 0 AND unresolved_errors <= total_errors),
  PRIMARY KEY (error_type, severity)
);

CREATE FUNCTION public.error_stats_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.error_stats AS s (error_type, severity, total_errors, unresolved_errors)
  SELECT error_type, severity, count(*), count(*) FILTER (WHERE NOT resolved) FROM new_rows GROUP BY error_type, severity
  ORDER BY error_type, severity
  ON CONFLICT (error_type, severity) DO UPDATE
    SET total_errors = s.total_errors + excluded.total_errors, unresolved_errors = s.unresolved_errors + excluded.unresolved_errors;
  RETURN NULL;
END $$;

CREATE FUNCTION public.error_stats_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.error_stats AS s
     SET total_errors = s.total_errors - d.total, unresolved_errors = s.unresolved_errors - d.unresolved
    FROM (SELECT error_type, severity, count(*) AS total, count(*) FILTER (WHERE NOT resolved) AS unresolved
            FROM old_rows GROUP BY error_type, severity) d
   WHERE s.error_type = d.error_type AND s.severity = d.severity;
  RETURN NULL;
END $$;

CREATE FUNCTION public.error_stats_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.error_stats
     SET total_errors = total_errors - 1, unresolved_errors = unresolved_errors - (NOT OLD.resolved)::int
   WHERE error_type = OLD.error_type AND severity = OLD.severity;
  INSERT INTO public.error_stats AS s (error_type, severity, total_errors, unresolved_errors)
  VALUES (NEW.error_type, NEW.severity, 1, (NOT NEW.resolved)::int)
  ON CONFLICT (error_type, severity) DO UPDATE
    SET total_errors = s.total_errors + 1, unresolved_errors = s.unresolved_errors + excluded.unresolved_errors;
  RETURN NULL;
END $$;

CREATE FUNCTION public.error_stats_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.error_stats;
  RETURN NULL;
END $$;

CREATE TRIGGER error_stats_insert AFTER INSERT ON public.error_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.error_stats_add();
CREATE TRIGGER error_stats_delete AFTER DELETE ON public.error_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.error_stats_remove();
CREATE TRIGGER error_stats_update AFTER UPDATE OF resolved, error_type, severity ON public.error_logs
  FOR EACH ROW WHEN (OLD.resolved IS DISTINCT FROM NEW.resolved OR OLD.error_type IS DISTINCT FROM NEW.error_type
                     OR OLD.severity IS DISTINCT FROM NEW.severity)
  EXECUTE FUNCTION public.error_stats_change();
CREATE TRIGGER error_stats_truncate AFTER TRUNCATE ON public.error_logs
  FOR EACH STATEMENT EXECUTE FUNCTION public.error_stats_clear();

INSERT INTO public.error_stats (error_type, severity, total_errors, unresolved_errors)
SELECT error_type, severity, count(*), count(*) FILTER (WHERE NOT resolved) FROM public.error_logs GROUP BY error_type, severity;
