-- Players and their papers (docs/players.md): the ages of a category, the players of the club's
-- categories, and which categories each user follows (who may see a child's data).

-- A category's birth years (both optional, inclusive) and the players allowed on its team sheet.
ALTER TABLE public.gruppi
  ADD COLUMN anno_da smallint CHECK (anno_da BETWEEN 1900 AND 2999),
  ADD COLUMN anno_a smallint CHECK (anno_a BETWEEN 1900 AND 2999),
  ADD COLUMN max_distinta smallint NOT NULL DEFAULT 20 CHECK (max_distinta BETWEEN 1 AND 99),
  ADD CONSTRAINT gruppi_anni_ordine CHECK (anno_da IS NULL OR anno_a IS NULL OR anno_da <= anno_a);

-- Only what the issue lists (no diagnosis, no certificate file): the certificate is its type and
-- expiry, both or neither. Guardians (0-3) are a jsonb array: always read and written with the
-- player as a whole, never queried alone, and erased with the row (docs/players.md, storage).
-- A category with players cannot be deleted (RESTRICT): its players are moved or erased first.
CREATE TABLE public.giocatori (
  id serial PRIMARY KEY,
  nome text NOT NULL CHECK (nome = btrim(nome) AND char_length(nome) BETWEEN 1 AND 50),
  cognome text NOT NULL CHECK (cognome = btrim(cognome) AND char_length(cognome) BETWEEN 1 AND 50),
  data_nascita date NOT NULL CHECK (data_nascita >= DATE '1900-01-01'),
  gruppo_id integer NOT NULL REFERENCES public.gruppi (id) ON DELETE RESTRICT,
  numero_tessera text CHECK (numero_tessera = btrim(numero_tessera) AND char_length(numero_tessera) BETWEEN 1 AND 20),
  certificato_tipo text CHECK (certificato_tipo IN ('agonistico', 'non_agonistico')),
  certificato_scadenza date,
  squalificato_fino date,
  contatti jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(contatti) = 'array' AND jsonb_array_length(contatti) <= 3),
  note text CHECK (char_length(note) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT giocatori_certificato_intero CHECK ((certificato_tipo IS NULL) = (certificato_scadenza IS NULL))
);
-- The roster of a category, in the order it is read.
CREATE INDEX giocatori_gruppo_idx ON public.giocatori (gruppo_id, cognome, nome);

-- The categories a user follows (Gestione Utenti, 'Categorie seguite'): editors and readers see the
-- players of these only; administrators see every player whatever is stored here.
CREATE TABLE public.utenti_gruppi (
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  gruppo_id integer NOT NULL REFERENCES public.gruppi (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, gruppo_id)
);
CREATE INDEX utenti_gruppi_gruppo_idx ON public.utenti_gruppi (gruppo_id);

-- A row: the user follows every category, present and future ('tutte').
CREATE TABLE public.utenti_gruppi_tutti (
  user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Existing editors start tied to every category, readers to none (docs/players.md, who sees what).
INSERT INTO public.utenti_gruppi_tutti (user_id)
SELECT id FROM auth.users WHERE raw_app_meta_data->>'role' = 'editor';
