/**
 * The columns of a training series as `Allenamento` (common/trainings/rules.ts) reads them: times
 * as 'HH:mm', dates as 'YYYY-MM-DD', rooms and skipped dates as arrays in order. The one list every
 * read of public.allenamenti selects (the allenamenti feature's repo, the clash check, the board,
 * the slot finder, the feeds).
 */
export const ALLENAMENTO_COLUMNS = `id, gruppo, campo, giorno, to_char(ora_inizio, 'HH24:MI') AS "oraInizio", to_char(ora_fine, 'HH24:MI') AS "oraFine",
  to_char(dal, 'YYYY-MM-DD') AS dal, to_char(al, 'YYYY-MM-DD') AS al, spogliatoi::int[] AS spogliatoi,
  ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(saltate) AS d ORDER BY d) AS saltate`;
