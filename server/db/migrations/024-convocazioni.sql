-- Call-ups answered by the families (docs/callups.md): one call-up per match, the players called with
-- their current answer, the history of every answer, and the matches changed after the families were
-- asked (the notification worker asks them again or tells them, then deletes the row).

-- The ritrovo and the deadline are kept relative to the match (minutes before the kick-off, minutes
-- before the ritrovo), so a moved match moves them too; the ritrovo's place is the match's pitch when
-- null. `domanda` is the match as the families were last asked about it (date, time, pitch, played or
-- not): what the worker compares a change against. `sequence` is the iCalendar SEQUENCE of the
-- families' invitations, raised by every mail that changes them.
CREATE TABLE public.convocazioni (
  partita_id integer PRIMARY KEY REFERENCES public.partite (id) ON DELETE CASCADE,
  ritrovo_anticipo smallint NOT NULL DEFAULT 45 CHECK (ritrovo_anticipo BETWEEN 0 AND 360),
  ritrovo_luogo text CHECK (ritrovo_luogo = btrim(ritrovo_luogo) AND char_length(ritrovo_luogo) BETWEEN 1 AND 100),
  scadenza_anticipo integer NOT NULL DEFAULT 1440 CHECK (scadenza_anticipo BETWEEN 0 AND 20160),
  note text CHECK (char_length(note) BETWEEN 1 AND 500),
  inviata_il timestamptz,
  sequence integer NOT NULL DEFAULT 0,
  domanda jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The players called and their current answer. The family's link is derived from token_sale (128
-- random bits) and the server's secret when a mail is sent; only its SHA-256 is stored (token_hash),
-- which is how a link finds its row. A player erased goes with every row about them (CASCADE).
-- risposta_staff: the answer was set by the staff on the family's behalf (after a phone call).
-- invitato_il: when the family was asked (null: not yet, or no email: 'da avvisare a voce');
-- promemoria_il: the one reminder of the current question (a re-ask clears it).
CREATE TABLE public.convocazioni_giocatori (
  id serial PRIMARY KEY,
  partita_id integer NOT NULL REFERENCES public.convocazioni (partita_id) ON DELETE CASCADE,
  giocatore_id integer NOT NULL REFERENCES public.giocatori (id) ON DELETE CASCADE,
  risposta text CHECK (risposta IN ('si', 'no')),
  nota text CHECK (char_length(nota) BETWEEN 1 AND 200),
  risposto_il timestamptz,
  risposta_staff boolean NOT NULL DEFAULT false,
  token_sale bytea NOT NULL CHECK (octet_length(token_sale) >= 16),
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  invitato_il timestamptz,
  promemoria_il timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (partita_id, giocatore_id),
  CONSTRAINT convocazioni_giocatori_risposta_intera CHECK ((risposta IS NULL) = (risposto_il IS NULL))
);
-- An erased player's rows are found by this (the foreign key's CASCADE).
CREATE INDEX convocazioni_giocatori_giocatore_idx ON public.convocazioni_giocatori (giocatore_id);
-- The reminder scan: the families asked who have not answered and had no reminder yet.
CREATE INDEX convocazioni_giocatori_attesa_idx ON public.convocazioni_giocatori (partita_id)
  WHERE risposta IS NULL AND promemoria_il IS NULL AND invitato_il IS NOT NULL;

-- Every answer, in order: the family's, the staff's on its behalf, and the reset of a re-ask after the
-- match changed (origine 'cambio', risposta null). The current answer is convocazioni_giocatori's.
CREATE TABLE public.convocazioni_risposte (
  id bigserial PRIMARY KEY,
  convocato_id integer NOT NULL REFERENCES public.convocazioni_giocatori (id) ON DELETE CASCADE,
  risposta text CHECK (risposta IN ('si', 'no')),
  nota text,
  origine text NOT NULL CHECK (origine IN ('famiglia', 'staff', 'cambio')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX convocazioni_risposte_convocato_idx ON public.convocazioni_risposte (convocato_id, id);

-- Matches with a call-up already sent whose date, time, pitch or status changed: the notification
-- worker, once the change is older than NOTIFY_DELAY_SECONDS (a burst of edits makes one mail), asks
-- the families again or tells them the match is cancelled or postponed (docs/callups.md).
CREATE TABLE public.convocazioni_avvisi (
  id bigserial PRIMARY KEY,
  partita_id integer NOT NULL REFERENCES public.convocazioni (partita_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX convocazioni_avvisi_created_idx ON public.convocazioni_avvisi (created_at);
CREATE INDEX convocazioni_avvisi_partita_idx ON public.convocazioni_avvisi (partita_id);

CREATE FUNCTION public.partite_convocazioni_avvisi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.data, OLD.ora, OLD.campo, OLD.stato, OLD.data_da_definire)
     IS DISTINCT FROM (NEW.data, NEW.ora, NEW.campo, NEW.stato, NEW.data_da_definire)
     AND EXISTS (SELECT 1 FROM public.convocazioni c WHERE c.partita_id = NEW.id AND c.inviata_il IS NOT NULL) THEN
    INSERT INTO public.convocazioni_avvisi (partita_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER partite_convocazioni_avvisi AFTER UPDATE ON public.partite
  FOR EACH ROW EXECUTE FUNCTION public.partite_convocazioni_avvisi();

-- The families' mails travel in the notification queue (migration 012) as jobs of their own kind. A
-- job belongs to its called player's row: removed from the call-up, erased, or the match deleted,
-- its mails go too (an unsent one is never sent, a sent one keeps no child's name behind).
ALTER TABLE public.notifiche_job DROP CONSTRAINT notifiche_job_tipo_check;
ALTER TABLE public.notifiche_job ADD CONSTRAINT notifiche_job_tipo_check CHECK (tipo IN ('modifiche', 'riepilogo', 'designazione', 'convocazione'));
ALTER TABLE public.notifiche_job ADD COLUMN convocato_id integer REFERENCES public.convocazioni_giocatori (id) ON DELETE CASCADE;
CREATE INDEX notifiche_job_convocato_idx ON public.notifiche_job (convocato_id) WHERE convocato_id IS NOT NULL;

-- The match feeds print a sent call-up's ritrovo in the event's description (docs/callups.md): a
-- call-up's change empties the feeds' caches (calendar_changed, migration 008).
CREATE TRIGGER convocazioni_calendar_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.convocazioni
  FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_notify();
