-- Which kind of 'rinviata' a match is ("new date to be set, or already set", docs/matches.md). True only
-- for a match postponed keeping its date (POST /api/partite/stato 'rinvia' without nuovaData):
-- its date is not where it will be played, so it frees its campo, rooms and teams there. A match
-- postponed to a new date ('rinvia' with nuovaData, 'sposta') is false and holds them at its new
-- date (the clash check, the occupancy board, the dashboard marks: common/occupancy/rules.ts
-- holdsFacilities / HOLDS_FACILITIES_SQL). The CHECK keeps it false outside 'rinviata'.
ALTER TABLE public.partite
  ADD COLUMN data_da_definire boolean NOT NULL DEFAULT false;

-- Existing 'rinviata' rows: the row never said which kind it was. Where the activity log still has
-- the bulk request that last postponed the match (and that request was not undone), it says it:
-- 'rinvia' without nuovaData is true, 'rinvia' with a date or 'sposta' is false. Any other
-- 'rinviata' row is true, as every 'rinviata' was treated until now: no match saved before the
-- upgrade starts clashing, and the board does not change overnight; an editor who gives it a date
-- ('Rinvia' with a date, 'Sposta', or a date edit) makes it hold its facilities again.
-- Done with the row triggers off: this is no edit of the match (its SEQUENCE, the feeds, an undo of
-- the last day and the referents' mails must not see one).
ALTER TABLE public.partite DISABLE TRIGGER partite_calendar_touch;
ALTER TABLE public.partite DISABLE TRIGGER partite_notifiche_modifiche;

WITH annullate AS (
  SELECT DISTINCT a.context->>'operazione' AS operazione
    FROM public.activity_logs a
   WHERE a.context ? 'operazione' AND a.context ? 'ids' AND NOT a.context ? 'nuovaData'
), richieste AS (
  SELECT DISTINCT ON (r.id) r.id, a.context->>'azione' AS azione, jsonb_typeof(a.context->'nuovaData') = 'string' AS con_data
    FROM public.activity_logs a
   CROSS JOIN LATERAL (
     SELECT (x.value #>> '{}')::int AS id FROM jsonb_array_elements(a.context->'ids') AS x
      WHERE jsonb_typeof(x.value) = 'number'
   ) r
   WHERE a.context ? 'nuovaData' AND jsonb_typeof(a.context->'ids') = 'array'
     AND a.context->>'azione' IN ('rinvia', 'sposta', 'annulla', 'sospendi', 'ripristina')
     AND NOT EXISTS (SELECT 1 FROM annullate u WHERE u.operazione = a.context->>'operazione')
   ORDER BY r.id, a.created_at DESC, a.id DESC
)
UPDATE public.partite p
   SET data_da_definire = NOT EXISTS (
         SELECT 1 FROM richieste q WHERE q.id = p.id AND (q.azione = 'sposta' OR (q.azione = 'rinvia' AND q.con_data))
       )
 WHERE p.stato = 'rinviata';

ALTER TABLE public.partite ENABLE TRIGGER partite_calendar_touch;
ALTER TABLE public.partite ENABLE TRIGGER partite_notifiche_modifiche;

ALTER TABLE public.partite
  ADD CONSTRAINT partite_data_da_definire_rinviata CHECK (NOT data_da_definire OR stato = 'rinviata');

-- The before-images of the last day's bulk operations (010) are restored exactly by an undo,
-- data_da_definire included: an image taken before this migration gets what the rows got above
-- for want of a record ('rinviata' = date to be set), so its undo puts back what it found.
UPDATE public.partite_operazioni_stato o
   SET righe = (
     SELECT jsonb_agg(CASE WHEN e ? 'data_da_definire' THEN e ELSE e || jsonb_build_object('data_da_definire', e->>'stato' = 'rinviata') END ORDER BY n)
       FROM jsonb_array_elements(o.righe) WITH ORDINALITY AS x(e, n)
   )
 WHERE jsonb_typeof(o.righe) = 'array' AND jsonb_array_length(o.righe) > 0;
