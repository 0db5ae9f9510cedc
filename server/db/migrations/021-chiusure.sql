-- The club's closures (docs/trainings.md, 'Chiusure del club'): periods, both ends included, in
-- which no training series trains (the occurrence rule of common/trainings/rules.ts leaves their
-- dates out) and the slot finder proposes nothing. A change of a closure changes the EXDATEs of the
-- series it meets: their sequence and updated_at move (the feeds' SEQUENCE and LAST-MODIFIED), and
-- calendar_changed (migration 008) empties the feeds' caches.
CREATE TABLE public.chiusure (
  id serial PRIMARY KEY,
  nome text NOT NULL CHECK (length(nome) BETWEEN 1 AND 100),
  dal date NOT NULL,
  al date NOT NULL CHECK (al >= dal),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chiusure_periodo_idx ON public.chiusure (dal, al);

-- A series' touch (migration 017) also takes an explicit bump of its sequence: what a closure's
-- change asks of the series it meets (their content is unchanged, their EXDATEs are not).
CREATE OR REPLACE FUNCTION public.allenamenti_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'updated_at' - 'sequence' - 'created_at') IS DISTINCT FROM (to_jsonb(OLD) - 'updated_at' - 'sequence' - 'created_at')
     OR NEW.sequence > OLD.sequence THEN
    NEW.sequence := OLD.sequence + 1;
    NEW.updated_at := greatest(now(), OLD.updated_at + interval '1 second');
  ELSE
    NEW.sequence := OLD.sequence;
    NEW.updated_at := OLD.updated_at;
  END IF;
  RETURN NEW;
END;
$$;

-- The series whose period meets the closure before or after the change (on its weekday or not: a
-- bump too many costs a calendar one re-read).
CREATE FUNCTION public.chiusure_touch_allenamenti() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.allenamenti a SET sequence = a.sequence + 1
   WHERE (TG_OP <> 'DELETE' AND a.dal <= NEW.al AND a.al >= NEW.dal)
      OR (TG_OP <> 'INSERT' AND a.dal <= OLD.al AND a.al >= OLD.dal);
  RETURN NULL;
END;
$$;
CREATE TRIGGER chiusure_touch_allenamenti AFTER INSERT OR UPDATE OR DELETE ON public.chiusure
  FOR EACH ROW EXECUTE FUNCTION public.chiusure_touch_allenamenti();
CREATE TRIGGER chiusure_calendar_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.chiusure
  FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_notify();
