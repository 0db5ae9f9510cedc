-- Change notifications by mail (docs/notifications.md). Referents gain an optional email and a choice of
-- what they receive: every change, a weekly digest, or nothing.
ALTER TABLE public.gruppi_referenti
  ADD COLUMN email text CONSTRAINT gruppi_referenti_email_valida
    CHECK (email = lower(btrim(email)) AND char_length(email) BETWEEN 3 AND 254 AND email ~ '^[^@\s]+@[^@\s]+$'),
  ADD COLUMN notifiche text NOT NULL DEFAULT 'ogni_modifica'
    CONSTRAINT gruppi_referenti_notifiche_valida CHECK (notifiche IN ('ogni_modifica', 'settimanale', 'nessuna'));

-- Before/after images of the matches whose announced fields changed (date, times, campo, changing
-- rooms, status, reason) or that were created or deleted, written by the trigger below in the
-- transaction of the change (a rolled-back edit leaves none). Only matches dated from yesterday to
-- 15 days ahead in UTC are kept; the worker applies the exact 14-day window in APP_TIMEZONE.
-- The worker groups the rows of a category into mail jobs and sets raggruppata_il.
CREATE TABLE public.notifiche_modifiche (
  id bigserial PRIMARY KEY,
  partita_id integer NOT NULL,
  gruppo text NOT NULL,
  prima jsonb,
  dopo jsonb,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  raggruppata_il timestamptz
);
CREATE INDEX notifiche_modifiche_aperte_idx ON public.notifiche_modifiche (gruppo, created_at) WHERE raggruppata_il IS NULL;
CREATE INDEX notifiche_modifiche_created_idx ON public.notifiche_modifiche (created_at);

CREATE FUNCTION public.partite_notifiche_modifiche() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lo date := (now() AT TIME ZONE 'UTC')::date - 1;
  hi date := (now() AT TIME ZONE 'UTC')::date + 15;
  vecchia jsonb;
  nuova jsonb;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    vecchia := jsonb_build_object('id', OLD.id, 'data', OLD.data, 'ora', OLD.ora, 'ora_fine', OLD.ora_fine,
      'squadracasa', OLD.squadracasa, 'squadratrasferta', OLD.squadratrasferta, 'gruppo', OLD.gruppo, 'campo', OLD.campo,
      'spogliatoio_gari', OLD.spogliatoio_gari, 'spogliatoio_ospiti', OLD.spogliatoio_ospiti,
      'stato', OLD.stato, 'motivo_stato', OLD.motivo_stato);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    nuova := jsonb_build_object('id', NEW.id, 'data', NEW.data, 'ora', NEW.ora, 'ora_fine', NEW.ora_fine,
      'squadracasa', NEW.squadracasa, 'squadratrasferta', NEW.squadratrasferta, 'gruppo', NEW.gruppo, 'campo', NEW.campo,
      'spogliatoio_gari', NEW.spogliatoio_gari, 'spogliatoio_ospiti', NEW.spogliatoio_ospiti,
      'stato', NEW.stato, 'motivo_stato', NEW.motivo_stato);
  END IF;
  IF TG_OP = 'UPDATE' AND (vecchia - 'squadracasa' - 'squadratrasferta' - 'gruppo') = (nuova - 'squadracasa' - 'squadratrasferta' - 'gruppo') THEN
    RETURN NULL;
  END IF;
  IF (vecchia IS NULL OR (vecchia->>'data')::date NOT BETWEEN lo AND hi)
     AND (nuova IS NULL OR (nuova->>'data')::date NOT BETWEEN lo AND hi) THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.notifiche_modifiche (partita_id, gruppo, prima, dopo)
    VALUES (COALESCE(NEW.id, OLD.id), COALESCE(nuova->>'gruppo', vecchia->>'gruppo'), vecchia, nuova);
  RETURN NULL;
END;
$$;
CREATE TRIGGER partite_notifiche_modifiche AFTER INSERT OR UPDATE OR DELETE ON public.partite
  FOR EACH ROW EXECUTE FUNCTION public.partite_notifiche_modifiche();

-- The durable mail queue: one row per mail. A worker takes a due 'pending' row with
-- FOR UPDATE SKIP LOCKED and keeps it locked while it talks to SMTP, so two server processes never
-- send one mail twice; a failure sets the next attempt with exponential backoff, the last one
-- 'failed'. chiave makes a job idempotent (the weekly digest of a week is queued once).
CREATE TABLE public.notifiche_job (
  id bigserial PRIMARY KEY,
  tipo text NOT NULL CHECK (tipo IN ('modifiche', 'riepilogo')),
  chiave text UNIQUE,
  gruppo text NOT NULL,
  email text NOT NULL,
  oggetto text NOT NULL,
  testo text NOT NULL,
  dati jsonb,
  stato text NOT NULL DEFAULT 'in_coda' CHECK (stato IN ('in_coda', 'inviata', 'fallita')),
  tentativi integer NOT NULL DEFAULT 0,
  prossimo_tentativo timestamptz NOT NULL DEFAULT now(),
  ultimo_errore text,
  created_at timestamptz NOT NULL DEFAULT now(),
  inviata_il timestamptz
);
CREATE INDEX notifiche_job_in_coda_idx ON public.notifiche_job (prossimo_tentativo) WHERE stato = 'in_coda';
