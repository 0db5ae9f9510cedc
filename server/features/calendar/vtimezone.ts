// The VTIMEZONE component (RFC 5545 3.6.5) of the club's timezone, for the events written in local
// time with TZID (the weekly training series: 18:00 stays 18:00 across the daylight-saving changes).
// ical-generator leaves the component to a generator; the text comes from timezones-ical-library
// (the IANA data as iCalendar observances with their yearly RRULEs).
import { tzlib_get_ical_block } from 'timezones-ical-library';

/**
 * The VTIMEZONE text of `tz` (CRLF lines, the last one ended), under the TZID the events use. Null
 * for UTC (its events are written in UTC, without TZID) and for a timezone the library does not know.
 */
export function vtimezone(tz: string): string | null {
  if (tz === 'UTC' || tz === 'Etc/UTC') return null;
  const [block] = tzlib_get_ical_block(tz) as string[];
  if (!block) return null;
  // An alias (e.g. 'Europe/Vatican') is described under its canonical name: name it as the events do.
  return `${block.replace(/^TZID:.*$/m, `TZID:${tz}`).replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${tz}`)}\r\n`;
}
