// The slot finder's endpoint (docs/trainings.md, slot finder): GET /api/slot-liberi, shared by every
// place that reschedules a match (the 'Rinvia' dialog, the edit form, the import preview) through
// src/components/SlotFinder.tsx.
import { api } from './api';
import type { Slot, SlotDay } from '../../common/occupancy/slots';
import type { SlotLiberiResponse } from '../../common/trainings/types';

/** What the finder asks: the route's query parameters (absent ones are left to the server's defaults). */
export interface SlotLiberiArgs {
  gruppo: string;
  /** Minutes (30-240); by default the match's length, else the category's usual one. */
  durata?: number;
  /** yyyy-mm-dd; by default today. */
  dal?: string;
  /** yyyy-mm-dd; by default 30 days after `dal`. */
  al?: string;
  /** Only this pitch (without it every known pitch of the club is tried). */
  campo?: string;
  /** A home match (pitch and two rooms needed); by default the match's own. */
  casa?: boolean;
  /** The match being rescheduled: left out of the check, its teams kept free. */
  partita?: number;
}

/** The query string of the route: only the parameters given, as the server's strict schema takes them. */
export function slotParams(a: SlotLiberiArgs): Record<string, string> {
  const params: Record<string, string> = { gruppo: a.gruppo.trim() };
  if (a.durata != null) params.durata = String(a.durata);
  if (a.dal) params.dal = a.dal;
  if (a.al) params.al = a.al;
  if (a.campo?.trim()) params.campo = a.campo.trim();
  if (a.casa != null) params.casa = a.casa ? '1' : '0';
  if (a.partita != null) params.partita = String(a.partita);
  return params;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** A slot of the documented shape, or null (never shown half). */
function readSlot(s: Partial<Slot> | null, data: string): Slot | null {
  if (!s || s.data !== data) return null;
  if (typeof s.ora !== 'string' || !TIME.test(s.ora.slice(0, 5)) || typeof s.oraFine !== 'string' || !TIME.test(s.oraFine.slice(0, 5))) return null;
  const rooms = Array.isArray(s.spogliatoi) ? s.spogliatoi.filter((n): n is number => Number.isInteger(n)) : [];
  return { data: s.data, ora: s.ora.slice(0, 5), oraFine: s.oraFine.slice(0, 5), campo: typeof s.campo === 'string' ? s.campo : '', spogliatoi: rooms };
}

const slotsIn = (list: unknown, data: string): Slot[] =>
  Array.isArray(list) ? list.flatMap((s: Partial<Slot> | null) => readSlot(s, data) ?? []) : [];

/** The answer's days (common/occupancy/slots.ts SlotDay) with the slots that have the documented shape; a day left with none is dropped. */
export function readSlotDays(body: unknown): SlotDay[] {
  const data = (body as Partial<SlotLiberiResponse> | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((d: Partial<SlotDay> | null) => {
    if (!d || typeof d.data !== 'string' || !DATE.test(d.data)) return [];
    const primi = slotsIn(d.primi, d.data);
    return primi.length > 0 ? [{ data: d.data, primi, altri: slotsIn(d.altri, d.data) }] : [];
  });
}

export const slotsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSlotLiberi: build.query<SlotDay[], SlotLiberiArgs>({
      query: (args) => ({ url: 'api/slot-liberi', params: slotParams(args) }),
      transformResponse: (body: unknown) => readSlotDays(body),
      // The free slots change with every save: each search asks again, nothing is kept.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetSlotLiberiQuery } = slotsApi;
