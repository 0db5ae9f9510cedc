-- Categories and their referents (docs/groups.md). Matches point at a
-- category by name (004, ON UPDATE CASCADE), so renaming a category renames it on its matches.
CREATE TABLE public.gruppi (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gruppi_name_valid CHECK (name = btrim(name) AND char_length(name) BETWEEN 1 AND 50)
);
-- 'Pulcini' and 'pulcini' would be one category to a person: refuse names that differ only by case.
CREATE UNIQUE INDEX gruppi_name_lower_key ON public.gruppi (lower(name));

-- Referents in the order they were entered (position 0, 1, ...); written with their category
-- in one transaction, replaced as a whole on update.
CREATE TABLE public.gruppi_referenti (
  id serial PRIMARY KEY,
  gruppo_id integer NOT NULL REFERENCES public.gruppi (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position >= 0),
  nome text NOT NULL CHECK (nome = btrim(nome) AND char_length(nome) BETWEEN 1 AND 50),
  cognome text NOT NULL CHECK (cognome = btrim(cognome) AND char_length(cognome) BETWEEN 1 AND 50),
  -- Digits only (the form accepts spaces and strips them); NULL when not given.
  telefono text CHECK (telefono ~ '^[0-9]{9,10}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gruppi_referenti_position_key UNIQUE (gruppo_id, position)
);
