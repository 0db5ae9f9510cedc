import { GIORNI_MAX } from '../../../common/status/rules';
import type { Partita } from '../../../common/matches/read';
import type { ClashInfo } from '../../../common/occupancy/rules';
import type { Slot } from '../../../common/occupancy/slots';
import { SLOT_MSG } from '../../../common/trainings/messages';
import { slotDay } from '../../components/slotValues';

/** The clashes of a 409 a bulk move or an undo answered (docs/occupancy.md), or null for any other error. */
export function clashesOf(err: unknown): ClashInfo[] | null {
  const e = err as { status?: unknown; data?: { conflitti?: unknown } };
  return e.status === 409 && Array.isArray(e.data?.conflitti) ? (e.data.conflitti as ClashInfo[]) : null;
}

/** The body fields of a chosen slot (common/status/schema.ts): the server applies them with the new date. */
export function slotFields(slot: Slot) {
  return {
    ora: slot.ora,
    oraFine: slot.oraFine,
    campo: slot.campo,
    spogliatoioGari: slot.spogliatoi[0] ?? null,
    spogliatoioOspiti: slot.spogliatoi[1] ?? null,
  };
}

/**
 * What a chosen slot will make of the match, on one line: 'Sabato 5 dicembre, 10:30-11:45, Campo 2, spogliatoi 3 e 4';
 * an away match keeps no end time nor rooms, so only its start is said.
 */
export function appliedSlot(slot: Slot, match: Partita, today: string): string {
  const giorno = slotDay(slot.data, today);
  const day = giorno.charAt(0).toLocaleUpperCase('it') + giorno.slice(1);
  if (!match.is_house_match) return [day, slot.ora, slot.campo].filter(Boolean).join(', ');
  return SLOT_MSG.describe(day, slot.ora, slot.oraFine, slot.campo, slot.spogliatoi);
}

/** The days of 'Sposta di N giorni' once they are a valid number, for the title and the button. */
export function chosenDays(giorni: string): number | null {
  const n = Number(giorni);
  return giorni.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= GIORNI_MAX ? n : null;
}
