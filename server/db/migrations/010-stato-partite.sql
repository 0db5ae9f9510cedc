-- Match status (docs/matches.md). Every match has a status, 'programmata' (In programma) unless an
-- editor postponed, cancelled or suspended it, with an optional reason and who changed it when.
-- Existing rows take the default. A status change changes the row, so the calendar trigger of
-- 008 (which compares the whole row) bumps its SEQUENCE and LAST-MODIFIED as for any edit.
ALTER TABLE public.partite
  ADD COLUMN stato text NOT NULL DEFAULT 'programmata'
    CONSTRAINT partite_stato_valido CHECK (stato IN ('programmata', 'rinviata', 'annullata', 'sospesa')),
  ADD COLUMN motivo_stato text CONSTRAINT partite_motivo_stato_lungo CHECK (char_length(motivo_stato) <= 200),
  ADD COLUMN stato_modificato_da text,
  ADD COLUMN stato_modificato_il timestamptz;

-- The bulk operations of POST /api/partite/stato with the before-image of each row they changed
-- (righe: the rows as to_jsonb gave them) and the SEQUENCE each row had right after the
-- operation (dopo: {"id": sequence}), so an undo can tell that a match was edited since.
-- Kept one day: the housekeeping sweep deletes older operations (server/features/matches/status-purge.ts).
CREATE TABLE public.partite_operazioni_stato (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  azione text NOT NULL CHECK (azione IN ('rinvia', 'sposta', 'annulla', 'sospendi', 'ripristina')),
  motivo text CHECK (char_length(motivo) <= 200),
  user_email text,
  righe jsonb NOT NULL,
  dopo jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  annullata_il timestamptz
);
CREATE INDEX partite_operazioni_stato_created_idx ON public.partite_operazioni_stato (created_at);
