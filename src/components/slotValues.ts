// The words and the period rules of 'Trova uno slot' (SlotFinder.tsx): a slot's day and line, the period first proposed and what is wrong with one.
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { SLOT_MSG } from '../../common/trainings/messages';
import { serverErrorField } from '../api/policy';
import type { ApiError } from '../api/api';
import type { SlotLiberiArgs } from '../api/slotsApi';
import type { Slot } from '../../common/occupancy/slots';

/** Days searched when no end is given. */
export const SLOT_DEFAULT_DAYS = 30;
/** The server searches at most this many days at once (SLOT_MSG.invalid.periodo). */
const SLOT_MAX_DAYS = 120;

export const ISO = 'YYYY-MM-DD';
export const dmy = (iso: string) => dayjs(iso, ISO).format('DD/MM/YYYY');

/** '2026-11-28' -> 'sabato 28 novembre' (the year added when it is not this one). */
export function slotDay(iso: string, today: string = dayjs().format(ISO)): string {
  const d = dayjs(iso, ISO).locale('it');
  return d.format(d.year() === dayjs(today, ISO).year() ? 'dddd D MMMM' : 'dddd D MMMM YYYY');
}

/** A slot on one line: 'sabato 28 novembre, 10:00-11:30, Comunale, spogliatoi 3 e 4'. */
export function describeSlot(slot: Slot, today?: string): string {
  return SLOT_MSG.describe(slotDay(slot.data, today), slot.ora, slot.oraFine, slot.campo, slot.spogliatoi);
}

/** The period first proposed: from the query's `dal` (not before today), for SLOT_DEFAULT_DAYS days unless its `al` says otherwise. */
export function initialPeriod(query: SlotLiberiArgs, today: string): { dal: string; al: string } {
  const dal = query.dal && query.dal > today ? query.dal : today;
  const al = query.al && query.al >= dal ? query.al : dayjs(dal, ISO).add(SLOT_DEFAULT_DAYS, 'day').format(ISO);
  return { dal, al };
}

/** What is wrong with a period, or null. */
export function periodProblem(dal: string, al: string): string | null {
  if (!dal || !al) return SLOT_MSG.periodDates;
  if (al < dal) return SLOT_MSG.periodOrder;
  if (dayjs(al, ISO).diff(dayjs(dal, ISO), 'day') >= SLOT_MAX_DAYS) return SLOT_MSG.invalid.periodo;
  return null;
}

/** The server's own Italian reason for a refused search (400 on bad input, 404 for a match gone), else the generic message. */
export function searchError(error: unknown): string {
  const e = error as Partial<ApiError> | undefined;
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return serverErrorField(e.data) ?? SLOT_MSG.error;
  return SLOT_MSG.error;
}
