/** Dates and times as every screen shows them: 'dd/mm/yyyy hh:mm' in the club's time zone (common/core/dates.ts). */
export { formatInstant as formatDateTime } from '../../../common/core/dates';

/** A time of today as hh:mm (it-IT, 24 hours). */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit' });
}
