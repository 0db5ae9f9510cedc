-- Calendar feeds (docs/calendar.md). What an iCalendar subscription needs is kept by the database itself,
-- whoever writes the matches (API, a script, psql):
--  * partite.sequence grows with every edit of a match (the VEVENT's SEQUENCE) and updated_at
--    moves forward at least one second (its LAST-MODIFIED, which has second precision);
--  * a deleted match leaves a row in partite_cancellate (the VEVENT's UID data and a higher
--    SEQUENCE), so subscribed calendars remove it; the feeds show it for 30 days and the
--    housekeeping task purges older rows;
--  * every change of matches, categories (a rename changes a feed's name) or cancellations is
--    announced on calendar_changed, which empties the feed caches of every server process.

ALTER TABLE public.partite ADD COLUMN sequence integer NOT NULL DEFAULT 0;

-- Matches are read by category id in the feeds; the deletions keep the category's id, so a
-- category renamed after a deletion still finds its cancelled matches.
CREATE TABLE public.partite_cancellate (
  id integer PRIMARY KEY,
  gruppo_id integer,
  gruppo text NOT NULL,
  data date NOT NULL,
  ora time NOT NULL,
  ora_fine time,
  squadracasa text NOT NULL,
  squadratrasferta text NOT NULL,
  campo text NOT NULL,
  is_house_match boolean NOT NULL,
  tipo_gara text NOT NULL,
  sequence integer NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX partite_cancellate_deleted_at_idx ON public.partite_cancellate (deleted_at);
CREATE INDEX partite_cancellate_gruppo_idx ON public.partite_cancellate (gruppo_id);

-- An edit that changes what the match says bumps its sequence and its last-modified time;
-- saving it unchanged does not (a phone would otherwise re-import an identical event).
CREATE FUNCTION public.partite_calendar_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'updated_at' - 'sequence' - 'created_at') IS DISTINCT FROM (to_jsonb(OLD) - 'updated_at' - 'sequence' - 'created_at') THEN
    NEW.sequence := OLD.sequence + 1;
    NEW.updated_at := greatest(now(), OLD.updated_at + interval '1 second');
  ELSE
    NEW.sequence := OLD.sequence;
    NEW.updated_at := OLD.updated_at;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER partite_calendar_touch BEFORE UPDATE ON public.partite
  FOR EACH ROW EXECUTE FUNCTION public.partite_calendar_touch();

-- A match inserted with the id of a cancelled one (an explicit id) takes over its UID: it must
-- carry a higher SEQUENCE than the cancellation, which is then forgotten.
CREATE FUNCTION public.partite_calendar_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cancelled integer;
BEGIN
  DELETE FROM public.partite_cancellate WHERE id = NEW.id RETURNING sequence INTO cancelled;
  IF cancelled IS NOT NULL THEN
    NEW.sequence := greatest(NEW.sequence, cancelled + 1);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER partite_calendar_insert BEFORE INSERT ON public.partite
  FOR EACH ROW EXECUTE FUNCTION public.partite_calendar_insert();

CREATE FUNCTION public.partite_calendar_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.partite_cancellate AS c
    (id, gruppo_id, gruppo, data, ora, ora_fine, squadracasa, squadratrasferta, campo, is_house_match, tipo_gara, sequence)
  VALUES (OLD.id, (SELECT g.id FROM public.gruppi g WHERE g.name = OLD.gruppo), OLD.gruppo, OLD.data, OLD.ora, OLD.ora_fine,
    OLD.squadracasa, OLD.squadratrasferta, OLD.campo, OLD.is_house_match, OLD.tipo_gara, OLD.sequence + 1)
  ON CONFLICT (id) DO UPDATE SET
    gruppo_id = EXCLUDED.gruppo_id, gruppo = EXCLUDED.gruppo, data = EXCLUDED.data, ora = EXCLUDED.ora,
    ora_fine = EXCLUDED.ora_fine, squadracasa = EXCLUDED.squadracasa, squadratrasferta = EXCLUDED.squadratrasferta,
    campo = EXCLUDED.campo, is_house_match = EXCLUDED.is_house_match, tipo_gara = EXCLUDED.tipo_gara,
    sequence = greatest(EXCLUDED.sequence, c.sequence + 1), deleted_at = now();
  RETURN NULL;
END;
$$;
CREATE TRIGGER partite_calendar_delete AFTER DELETE ON public.partite
  FOR EACH ROW EXECUTE FUNCTION public.partite_calendar_delete();

CREATE FUNCTION public.calendar_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('calendar_changed', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER partite_calendar_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.partite
  FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_notify();
CREATE TRIGGER gruppi_calendar_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.gruppi
  FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_notify();
CREATE TRIGGER partite_cancellate_calendar_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.partite_cancellate
  FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_notify();
