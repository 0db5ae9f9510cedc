-- The mails of the officials' designations (docs/notifications.md, docs/officials.md), sent by the
-- notification queue (migration 012) as jobs of their own kind: an invitation (iCalendar
-- METHOD:REQUEST) to the person of a role, a cancellation (METHOD:CANCEL) to the person who left it.
ALTER TABLE public.notifiche_job DROP CONSTRAINT notifiche_job_tipo_check;
ALTER TABLE public.notifiche_job ADD CONSTRAINT notifiche_job_tipo_check CHECK (tipo IN ('modifiche', 'riepilogo', 'designazione'));

-- The last iCalendar SEQUENCE mailed for a role of a match. A role nobody holds has no row in
-- designazioni (018), so its sequence would start again at 0 when someone is designated anew: the
-- SEQUENCE of a designation's VEVENT (mail and private feed) is
-- GREATEST(designazioni.sequence + partite.sequence, this), and each mail raises this past it.
-- Rows of a deleted match go with it.
CREATE TABLE public.designazioni_invii (
  partita_id integer NOT NULL REFERENCES public.partite (id) ON DELETE CASCADE,
  ruolo text NOT NULL CHECK (ruolo IN ('arbitro', 'accompagnatore', 'addettoArbitro')),
  sequence integer NOT NULL,
  PRIMARY KEY (partita_id, ruolo)
);

-- Matches with designations whose announced fields (date, times, pitch, teams, status) changed:
-- the worker sends their people an updated invitation (or a cancellation, for a match cancelled or
-- whose date is to be set) once the change is older than NOTIFY_DELAY_SECONDS, so a burst of edits
-- (a bulk move) makes one mail per person.
CREATE TABLE public.designazioni_avvisi (
  id bigserial PRIMARY KEY,
  partita_id integer NOT NULL REFERENCES public.partite (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX designazioni_avvisi_created_idx ON public.designazioni_avvisi (created_at);

CREATE FUNCTION public.partite_designazioni_avvisi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.data, OLD.ora, OLD.ora_fine, OLD.campo, OLD.squadracasa, OLD.squadratrasferta, OLD.stato, OLD.data_da_definire)
     IS DISTINCT FROM (NEW.data, NEW.ora, NEW.ora_fine, NEW.campo, NEW.squadracasa, NEW.squadratrasferta, NEW.stato, NEW.data_da_definire)
     AND EXISTS (SELECT 1 FROM public.designazioni d WHERE d.partita_id = NEW.id) THEN
    INSERT INTO public.designazioni_avvisi (partita_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER partite_designazioni_avvisi AFTER UPDATE ON public.partite
  FOR EACH ROW EXECUTE FUNCTION public.partite_designazioni_avvisi();
