-- A deleted match's designations (docs/notifications.md, docs/officials.md): deleting a match deletes
-- its designations (018, ON DELETE CASCADE) and the SEQUENCEs mailed for them (019), so before the
-- match goes this trigger keeps, for each designated role, what its cancellation mail needs: the
-- person, the match as it was, the role and the SEQUENCE above the last one mailed
-- (GREATEST(designazioni.sequence + partite.sequence, designazioni_invii.sequence + 1), the rule of
-- 019). The notification worker turns each row into a 'designazione' job (METHOD:CANCEL, the
-- invitation's UID) and deletes it. A BEFORE trigger on the match: an AFTER DELETE trigger on
-- designazioni would run in the cascade, when the match's row and its invii may be gone already.
CREATE TABLE public.designazioni_cancellate (
  id bigserial PRIMARY KEY,
  -- No foreign key: the match is being deleted.
  partita_id integer NOT NULL,
  ruolo text NOT NULL CHECK (ruolo IN ('arbitro', 'accompagnatore', 'addettoArbitro')),
  sequence integer NOT NULL,
  -- { nome, cognome, email } of the person at the time of the deletion.
  persona jsonb NOT NULL,
  -- The match as mail.ts reads it (dates 'YYYY-MM-DD', times 'HH:MM').
  partita jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE FUNCTION public.partite_designazioni_cancellate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.designazioni_cancellate (partita_id, ruolo, sequence, persona, partita)
  SELECT OLD.id, d.ruolo,
         GREATEST(d.sequence + OLD.sequence, COALESCE(i.sequence + 1, 0)),
         jsonb_build_object('nome', p.nome, 'cognome', p.cognome, 'email', p.email),
         jsonb_build_object(
           'data', to_char(OLD.data, 'YYYY-MM-DD'), 'ora', to_char(OLD.ora, 'HH24:MI'), 'ora_fine', to_char(OLD.ora_fine, 'HH24:MI'),
           'squadracasa', OLD.squadracasa, 'squadratrasferta', OLD.squadratrasferta, 'gruppo', OLD.gruppo, 'campo', OLD.campo,
           'stato', OLD.stato, 'data_da_definire', OLD.data_da_definire, 'data_originale', to_char(OLD.data_originale, 'YYYY-MM-DD'))
    FROM public.designazioni d
    JOIN public.dirigenti p ON p.id = d.dirigente_id
    LEFT JOIN public.designazioni_invii i ON i.partita_id = d.partita_id AND i.ruolo = d.ruolo
   WHERE d.partita_id = OLD.id
   ORDER BY d.ruolo;
  RETURN OLD;
END;
$$;
CREATE TRIGGER partite_designazioni_cancellate BEFORE DELETE ON public.partite
  FOR EACH ROW EXECUTE FUNCTION public.partite_designazioni_cancellate();
