-- The team sheet of a match (distinta di gara, docs/teamsheet.md): its players with shirt number,
-- captain and vice-captain, its coach and the others admitted to the pitch area, and the history of
-- its prints. The accompanying official and the referee's attendant are the match's designations
-- (migration 018), read when the sheet is: they are not copied here.

-- A row: the sheet was saved at least once. Deleting the match deletes its sheet.
CREATE TABLE public.distinte (
  partita_id integer PRIMARY KEY REFERENCES public.partite (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The players in the sheet's order. One number per player and per sheet, one captain, one
-- vice-captain, never the same player. An erased player leaves the sheet (CASCADE).
CREATE TABLE public.distinte_giocatori (
  partita_id integer NOT NULL REFERENCES public.distinte (partita_id) ON DELETE CASCADE,
  giocatore_id integer NOT NULL REFERENCES public.giocatori (id) ON DELETE CASCADE,
  posizione smallint NOT NULL CHECK (posizione BETWEEN 1 AND 99),
  numero smallint NOT NULL CHECK (numero BETWEEN 1 AND 99),
  capitano boolean NOT NULL DEFAULT false,
  vice boolean NOT NULL DEFAULT false,
  PRIMARY KEY (partita_id, giocatore_id),
  CONSTRAINT distinte_giocatori_numero_key UNIQUE (partita_id, numero),
  CONSTRAINT distinte_giocatori_posizione_key UNIQUE (partita_id, posizione),
  CONSTRAINT distinte_giocatori_capitano_vice CHECK (NOT (capitano AND vice))
);
CREATE UNIQUE INDEX distinte_giocatori_un_capitano ON public.distinte_giocatori (partita_id) WHERE capitano;
CREATE UNIQUE INDEX distinte_giocatori_un_vice ON public.distinte_giocatori (partita_id) WHERE vice;
-- An erasure finds the player's lines by this (the CASCADE).
CREATE INDEX distinte_giocatori_giocatore_idx ON public.distinte_giocatori (giocatore_id);

-- The coach (one) and the others admitted, in order. A deleted official leaves the sheet.
CREATE TABLE public.distinte_staff (
  partita_id integer NOT NULL REFERENCES public.distinte (partita_id) ON DELETE CASCADE,
  dirigente_id integer NOT NULL REFERENCES public.dirigenti (id) ON DELETE CASCADE,
  ruolo text NOT NULL CHECK (ruolo IN ('allenatore', 'altro')),
  posizione smallint NOT NULL CHECK (posizione BETWEEN 0 AND 99),
  PRIMARY KEY (partita_id, dirigente_id)
);
CREATE UNIQUE INDEX distinte_staff_un_allenatore ON public.distinte_staff (partita_id) WHERE ruolo = 'allenatore';
CREATE INDEX distinte_staff_dirigente_idx ON public.distinte_staff (dirigente_id);

-- Every print: who and when, and the players as printed. No name, card or date of a child is copied:
-- a line points to the player, and the erasure of the player (docs/players.md) leaves the line
-- without them (SET NULL), read as 'Giocatore rimosso'.
CREATE TABLE public.distinte_stampe (
  id bigserial PRIMARY KEY,
  partita_id integer NOT NULL REFERENCES public.partite (id) ON DELETE CASCADE,
  utente text,
  stampata_il timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX distinte_stampe_partita_idx ON public.distinte_stampe (partita_id, id);

CREATE TABLE public.distinte_stampe_giocatori (
  stampa_id bigint NOT NULL REFERENCES public.distinte_stampe (id) ON DELETE CASCADE,
  posizione smallint NOT NULL,
  giocatore_id integer REFERENCES public.giocatori (id) ON DELETE SET NULL,
  numero smallint NOT NULL,
  capitano boolean NOT NULL,
  vice boolean NOT NULL,
  PRIMARY KEY (stampa_id, posizione)
);
CREATE INDEX distinte_stampe_giocatori_giocatore_idx ON public.distinte_stampe_giocatori (giocatore_id) WHERE giocatore_id IS NOT NULL;
