-- The team sheet (docs/teamsheet.md) lists the coach and every adult admitted to the pitch area
-- with their card: officials gain the qualification 'allenatore' and a card number (the
-- federation's tessera or matricola, optional; the same shape as a player's, migration 023).
ALTER TABLE public.dirigenti DROP CONSTRAINT dirigenti_qualifiche_check;
ALTER TABLE public.dirigenti ADD CONSTRAINT dirigenti_qualifiche_check
  CHECK (qualifiche <@ ARRAY['arbitro', 'accompagnatore', 'addetto_arbitro', 'allenatore']::text[] AND array_position(qualifiche, NULL) IS NULL);
ALTER TABLE public.dirigenti
  ADD COLUMN numero_tessera text CHECK (numero_tessera = btrim(numero_tessera) AND char_length(numero_tessera) BETWEEN 1 AND 20);
