-- The date a moved match was scheduled at before it was moved (docs/matches.md: a match moved to a new
-- date reads 'In programma' with 'Spostata dal dd/mm/yyyy' in every output, common/matches/meaning.ts).
-- Set by a bulk move ('rinvia' with a date, 'sposta') and by a date edit of a 'rinviata' match; kept
-- over later moves (the first date is the one families had in their calendars); NULL when unknown
-- (matches moved before this migration read 'Spostata' without a date).
ALTER TABLE public.partite ADD COLUMN data_originale date;

-- The referents' change mails read a match's status as every output does (common/matches/meaning.ts):
-- the images of a change carry the two columns that tell the kinds of 'rinviata' apart.
CREATE OR REPLACE FUNCTION public.partite_notifiche_modifiche() RETURNS trigger LANGUAGE plpgsql AS $$
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
      'stato', OLD.stato, 'motivo_stato', OLD.motivo_stato,
      'data_da_definire', OLD.data_da_definire, 'data_originale', OLD.data_originale);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    nuova := jsonb_build_object('id', NEW.id, 'data', NEW.data, 'ora', NEW.ora, 'ora_fine', NEW.ora_fine,
      'squadracasa', NEW.squadracasa, 'squadratrasferta', NEW.squadratrasferta, 'gruppo', NEW.gruppo, 'campo', NEW.campo,
      'spogliatoio_gari', NEW.spogliatoio_gari, 'spogliatoio_ospiti', NEW.spogliatoio_ospiti,
      'stato', NEW.stato, 'motivo_stato', NEW.motivo_stato,
      'data_da_definire', NEW.data_da_definire, 'data_originale', NEW.data_originale);
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
