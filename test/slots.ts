// GET /api/slot-liberi's answer for the SPA's stand-in servers: slots grouped by day as
// common/occupancy/slots.ts findSlots groups them (the first slot of each pitch in `primi`, the rest in `altri`).
import type { Slot, SlotDay } from '../common/occupancy/slots';

export function slotDaysOf(slots: readonly Slot[]): SlotDay[] {
  const days: SlotDay[] = [];
  for (const s of slots) {
    let day = days.find((d) => d.data === s.data);
    if (!day) days.push((day = { data: s.data, primi: [], altri: [] }));
    (day.primi.some((p) => p.campo === s.campo) ? day.altri : day.primi).push(s);
  }
  return days;
}
