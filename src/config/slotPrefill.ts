// The slot chosen with 'Trova uno slot' carried to the edit form as query parameters (docs/trainings.md). Apart
// from paths.ts so the public page's first download does not carry it (only the edit screen reads it).
import { isIsoDate } from '../../common/core/date-text';
import { paths } from './paths';

/**
 * A slot chosen with 'Trova uno slot' (docs/trainings.md, slot finder) for the edit form: the
 * values it fills, carried as query parameters of /modifica-partita/:id. (The 'Rinvia' dialog no longer
 * uses it: the postponement applies the whole slot itself, docs/matches.md, status.)
 */
export interface SlotPrefill {
  data: string;
  ora: string;
  oraFine: string;
  campo: string;
  /** The club's room, then the guests'. */
  spogliatoi: readonly number[];
}

/** /modifica-partita/{id}?data=...&ora=...&oraFine=...&campo=...&spogliatoi=3,4 */
export function editMatchWithSlot(id: string, slot: SlotPrefill): string {
  const q = new URLSearchParams({ data: slot.data, ora: slot.ora, oraFine: slot.oraFine });
  if (slot.campo) q.set('campo', slot.campo);
  if (slot.spogliatoi.length > 0) q.set('spogliatoi', slot.spogliatoi.join(','));
  return `${paths.editMatch.getHref(id)}?${q.toString()}`;
}

/** The well-formed values of editMatchWithSlot's parameters (anything else ignored); null when there are none. */
export function readSlotPrefill(search: string): Partial<SlotPrefill> | null {
  const q = new URLSearchParams(search);
  const out: Partial<SlotPrefill> = {};
  const data = q.get('data');
  if (isIsoDate(data)) out.data = data;
  const ora = q.get('ora');
  if (ora && /^([01]\d|2[0-3]):[0-5]\d$/.test(ora)) out.ora = ora;
  const oraFine = q.get('oraFine');
  if (oraFine && /^([01]\d|2[0-3]):[0-5]\d$/.test(oraFine)) out.oraFine = oraFine;
  const campo = q.get('campo')?.trim();
  if (campo && campo.length <= 100) out.campo = campo;
  const rooms = q.get('spogliatoi');
  if (rooms && /^\d{1,2}(,\d{1,2})?$/.test(rooms)) out.spogliatoi = rooms.split(',').map(Number);
  return Object.keys(out).length > 0 ? out : null;
}
