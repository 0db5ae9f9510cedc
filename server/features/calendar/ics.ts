// The iCalendar text of a feed (RFC 5545), written by ical-generator. Times are UTC instants
// (DTSTART:...Z) computed by PostgreSQL in the club's timezone (repo.ts): correct in every season
// without a VTIMEZONE block; calendars show them in the phone's own timezone.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { CALENDAR_REFRESH_SECONDS, defaultDurationMinutes, eventDescription, eventSummary, eventUid } from '../../../common/calendar';
import type { FeedMatch } from './repo';

export interface FeedInput {
  /** X-WR-CALNAME. */
  name: string;
  /** The app's host name, the right part of every UID. */
  host: string;
  timezone: string;
  events: FeedMatch[];
}

/**
 * TEXT value rules of RFC 5545 3.3.11 for the calendar's name, which ical-generator writes as
 * given (it escapes the events' text itself): control characters become spaces, then backslash,
 * semicolon and comma are escaped, so a hostile category name stays one property.
 */
function calendarNameText(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/[\\;,]/g, (c) => `\\${c}`);
}

export function buildFeed({ name, host, timezone, events }: FeedInput): string {
  const calendar = ical({
    name: calendarNameText(name),
    prodId: { company: 'Garibaldina', product: 'Calendario Partite', language: 'IT' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: CALENDAR_REFRESH_SECONDS,
  });
  calendar.x('X-WR-TIMEZONE', timezone);
  for (const m of events) {
    const end = m.end_at ?? new Date(m.start_at.getTime() + defaultDurationMinutes(m.gruppo) * 60_000);
    const cancelled = m.deleted_at !== null;
    calendar.createEvent({
      id: eventUid(m.id, host),
      sequence: m.sequence,
      start: m.start_at,
      end,
      // DTSTAMP is the last change, not the time of the request: the same data gives the same
      // text (and ETag) on every server process.
      stamp: m.updated_at,
      lastModified: m.updated_at,
      summary: eventSummary(m),
      location: m.campo,
      description: cancelled ? null : eventDescription(m),
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 3.1: every content line ends with CRLF, the last one too (ical-generator omits it).
  return `${calendar.toString()}\r\n`;
}
