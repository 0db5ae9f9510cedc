-- Training slots (docs/trainings.md): a weekly series per category on a pitch, with optional
-- changing rooms, valid from `dal` to `al`, minus the skipped dates. The category is referenced
-- by name like the matches' (a rename follows); deleting a category deletes its trainings, as its
-- referents. `sequence` and `updated_at` feed the calendar's SEQUENCE and LAST-MODIFIED, and
-- every change is announced on calendar_changed (migration 008) for the feeds' caches.
CREATE TABLE public.allenamenti (
  id serial PRIMARY KEY,
  gruppo text NOT NULL REFERENCES public.gruppi (name) ON UPDATE CASCADE ON DELETE CASCADE,
  campo text NOT NULL,
  giorno smallint NOT NULL CHECK (giorno BETWEEN 1 AND 7),
  ora_inizio time NOT NULL,
  ora_fine time NOT NULL CHECK (ora_fine > ora_inizio),
  dal date NOT NULL,
  al date NOT NULL CHECK (al >= dal),
  spogliatoi smallint[] NOT NULL DEFAULT '{}',
  saltate date[] NOT NULL DEFAULT '{}',
  sequence integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX allenamenti_giorno_periodo_idx ON public.allenamenti (giorno, dal, al);
CREATE INDEX allenamenti_gruppo_idx ON public.allenamenti (gruppo);

CREATE FUNCTION public.allenamenti_touch() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER allenamenti_touch BEFORE UPDATE ON public.allenamenti
  FOR EACH ROW EXECUTE FUNCTION public.allenamenti_touch();
CREATE TRIGGER allenamenti_calendar_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.allenamenti
  FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_notify();
