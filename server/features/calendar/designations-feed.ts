// The private feed of an official's designations (docs/calendar.md): METHOD:PUBLISH, the VEVENTs of
// server/services/designations/ics.ts (the mails' UID and SEQUENCE).
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { CALENDAR_REFRESH_SECONDS } from '../../../common/calendar/rules';
import { readMatch } from '../../../common/matches/meaning';
import { designationEventData, type DesignationEventInput } from '../../services/designations/ics';
import { calendarNameText, foldLines, STAMP_PLACEHOLDER } from './ics';

/** The private feed of a person's designations, METHOD:PUBLISH, with every DTSTAMP the placeholder
 * of ics.ts (stampFeed() writes the answer's time): one VEVENT per designation, its UID and
 * SEQUENCE those of the mails; a match cancelled or whose date is to be set is CANCELLED.
 */
export function buildDesignationFeed(opts: {
  name: string;
  host: string;
  timezone: string;
  designations: Array<DesignationEventInput & { updatedAt: Date }>;
}): string {
  const calendar = ical({
    name: calendarNameText(opts.name),
    prodId: { company: 'Garibaldina', product: 'Calendario Partite', language: 'IT' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: CALENDAR_REFRESH_SECONDS,
  });
  calendar.x('X-WR-TIMEZONE', opts.timezone);
  const frame = calendar.toString();
  const end = frame.lastIndexOf('END:VCALENDAR');
  const events = opts.designations.map((d) =>
    foldLines(
      calendar
        .createEvent({
          ...designationEventData(d, opts.host, opts.timezone),
          stamp: STAMP_PLACEHOLDER,
          lastModified: d.updatedAt,
          status: readMatch(d.partita).feedStatus === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        })
        .toString(),
    ),
  );
  return `${frame.slice(0, end)}${events.join('')}${frame.slice(end)}\r\n`;
}
