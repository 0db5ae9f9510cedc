-- The club's officials (dirigenti) and their designations to matches (docs/officials.md).
-- An official has qualifications (what roles they may hold), may be inactive (kept for the past,
-- offered for nothing new), and owns a private calendar token (the feed of their designations;
-- revoking it writes a new one). A designation is one role of one match: at most one person per
-- role; a role nobody holds has no row. `sequence` grows when the role changes person (the feed's
-- and the invitation's SEQUENCE). Deleting a match deletes its designations; an official who is
-- designated cannot be deleted (the API answers 409 first; RESTRICT is the safety net).
CREATE TABLE public.dirigenti (
  id serial PRIMARY KEY,
  nome text NOT NULL CHECK (char_length(btrim(nome)) BETWEEN 1 AND 200),
  cognome text NOT NULL CHECK (char_length(btrim(cognome)) BETWEEN 1 AND 200),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  telefono text NULL CHECK (telefono ~ '^[0-9]{9,10}$'),
  qualifiche text[] NOT NULL DEFAULT '{}'
    CHECK (qualifiche <@ ARRAY['arbitro', 'accompagnatore', 'addetto_arbitro']::text[] AND array_position(qualifiche, NULL) IS NULL),
  attivo boolean NOT NULL DEFAULT true,
  -- pgcrypto may be missing: 64 hex characters from sha256 of random input.
  calendar_token text NOT NULL UNIQUE
    DEFAULT encode(sha256(random()::text::bytea || clock_timestamp()::text::bytea || random()::text::bytea), 'hex'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX dirigenti_email_lower_key ON public.dirigenti (lower(email));

CREATE TABLE public.designazioni (
  partita_id integer NOT NULL REFERENCES public.partite (id) ON DELETE CASCADE,
  ruolo text NOT NULL CHECK (ruolo IN ('arbitro', 'accompagnatore', 'addettoArbitro')),
  dirigente_id integer NOT NULL REFERENCES public.dirigenti (id) ON DELETE RESTRICT,
  sequence integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partita_id, ruolo)
);
CREATE INDEX designazioni_dirigente_idx ON public.designazioni (dirigente_id);

-- The officials' feeds follow the designations and the people (migration 008's channel).
CREATE TRIGGER designazioni_calendar_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.designazioni
  FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_notify();
CREATE TRIGGER dirigenti_calendar_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.dirigenti
  FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_notify();

-- Whether the club supplies the referee of the category's home matches (the youngest categories by
-- default: the same rule as arbitroSocietaDefault in common/officials/rules.ts).
ALTER TABLE public.gruppi ADD COLUMN arbitro_societa boolean NOT NULL DEFAULT false;
UPDATE public.gruppi SET arbitro_societa = true WHERE name ~* 'piccoli\s*amici|primi\s*calci|pulcini|esordienti';
