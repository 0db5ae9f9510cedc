// The iCalendar text of a feed (RFC 5545), written by ical-generator. Match times are UTC instants
// (DTSTART:...Z) computed in the club's timezone (repo.ts, common/matches/times.ts): correct in every
// season without a VTIMEZONE block; calendars show them in the phone's own timezone. Each event's
// status reads common/matches/meaning.ts. Training series (?allenamenti=1) recur weekly
// in the club's local time: TZID and a VTIMEZONE (vtimezone.ts), see trainingEvent().
import dayjs from 'dayjs';
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { CALENDAR_MSG, CALENDAR_REFRESH_SECONDS, defaultDurationMinutes, eventDescription, eventSummary, eventUid, trainingUid } from '../../../common/calendar/rules';
import { readMatch } from '../../../common/matches/meaning';
import { localInstant } from '../../../common/matches/times';
import { occurrencesOf, weekdayOf } from '../../../common/trainings/rules';
import { GIORNI } from '../../../common/trainings/messages';
import type { FeedMatch, FeedTraining } from './repo';
import { vtimezone } from './vtimezone';
import { ritrovoOra } from '../../../common/callups/rules';

export interface FeedInput {
  /** X-WR-CALNAME. */
  name: string;
  /** The app's host name, the right part of every UID. */
  host: string;
  timezone: string;
  events: FeedMatch[];
  /** The training series (?allenamenti=1): one recurring VEVENT each, in local time with TZID. */
  trainings?: FeedTraining[];
  /** Folded VEVENT texts of earlier builds, reused while their match is unchanged. */
  cache?: EventTextCache;
}

const EVENT_CACHE_MAX = 20_000;

/**
 * The text of each event depends only on its row, and every change of the row moves its
 * sequence or last-modified time (migration 008: a category rename updates its matches too), so
 * a feed rebuilt after one edit reuses the text of all the other events. One per app; bounded.
 */
export class EventTextCache {
  private readonly texts = new Map<string, string>();
  get(key: string): string | undefined {
    return this.texts.get(key);
  }
  set(key: string, text: string): void {
    if (this.texts.size >= EVENT_CACHE_MAX) this.texts.clear();
    this.texts.set(key, text);
  }
}

const eventKey = (m: FeedMatch, host: string) =>
  `${host}|${m.id}|${m.sequence}|${m.updated_at.getTime()}|${m.deleted_at?.getTime() ?? ''}|${m.start_at.getTime()}|${m.end_at?.getTime() ?? ''}|${m.ritrovo_anticipo ?? ''}|${m.ritrovo_luogo ?? ''}`;

/** A sent call-up's ritrovo as the event's description prints it (docs/callups.md); null without one. */
const ritrovoOf = (m: FeedMatch, timezone: string) =>
  m.ritrovo_anticipo == null ? null : { ora: ritrovoOra(m, m.ritrovo_anticipo, timezone), luogo: m.ritrovo_luogo ?? m.campo };

/**
 * DTSTAMP (RFC 5545 3.8.7.2): with METHOD:PUBLISH, the time the feed was produced, i.e. the time of
 * each answer. The built text (kept in the route's cache, its ETag computed from it, its events in
 * EventTextCache) carries this placeholder instead; stampFeed() writes the time into the copy that
 * is sent. So the ETag stays the hash of the content without DTSTAMP: the same on every rebuild
 * and on every server process, while each answer says when it was made.
 */
export const STAMP_PLACEHOLDER = new Date(0);
const PLACEHOLDER_LINE = '\r\nDTSTAMP:19700101T000000Z\r\n';

/** RFC 5545 UTC DATE-TIME of an instant, to the second: 20261124T235301Z. */
export const icalUtc = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

/**
 * The feed as sent: every DTSTAMP set to `now`. The placeholder can only be a whole DTSTAMP line
 * written by the library: text values have their line breaks escaped and folded lines start with a space.
 */
export function stampFeed(body: string, now: Date = new Date()): string {
  return body.replaceAll(PLACEHOLDER_LINE, `\r\nDTSTAMP:${icalUtc(now)}\r\n`);
}

/**
 * TEXT value rules of RFC 5545 3.3.11 for the calendar's name, which ical-generator writes as
 * given (it escapes the events' text itself): control characters become spaces, then backslash,
 * semicolon and comma are escaped, so a hostile category name stays one property.
 */
export function calendarNameText(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/[\\;,]/g, (c) => `\\${c}`);
}

/** UTF-8 length of one code point. */
const octets = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/**
 * RFC 5545 3.1 line folding: content lines longer than 75 octets go on continuation lines that
 * start with a space, never splitting a character. ical-generator 10 folds the whole calendar
 * with a TextEncoder per character (about 450 ms for 1,000 events); the events are folded here
 * instead, in linear time, and the library still writes and escapes every property.
 */
export function foldLines(text: string): string {
  const out: string[] = [];
  for (const line of text.split('\r\n')) {
    if (Buffer.byteLength(line) <= 75) {
      out.push(line);
      continue;
    }
    let current = '';
    let size = 0;
    let limit = 75;
    for (const ch of line) {
      const n = octets(ch.codePointAt(0)!);
      if (size + n > limit) {
        out.push(current);
        current = ' ';
        size = 1;
        limit = 75;
      }
      current += ch;
      size += n;
    }
    out.push(current);
  }
  return out.join('\r\n');
}

const nextDay = (iso: string) => dayjs(iso).add(1, 'day').format('YYYY-MM-DD');

/**
 * The VEVENT of a training series, or null when it trains on no date. Unlike a match (an instant in
 * UTC), a series is a time of the club's day repeated every week: DTSTART and DTEND of its first
 * date in local time with TZID (ical-generator writes a Day.js value read in the event's timezone),
 * RRULE:FREQ=WEEKLY until the end of its last day (UNTIL in UTC, as RFC 5545 3.3.10 asks with a
 * TZID start), an EXDATE with the same TZID and time for each skipped date. Calendars then keep
 * 18:00 at 18:00 on both sides of the daylight-saving changes (the VTIMEZONE says when they are).
 */
function trainingEvent(calendar: ICalCalendar, t: FeedTraining, host: string, timezone: string): string | null {
  const first = occurrencesOf({ ...t, saltate: [] }, t.dal, t.al)[0];
  if (first === undefined || occurrencesOf(t, t.dal, t.al).length === 0) return null;
  const at = (date: string, time: string) => dayjs(localInstant(date, time, timezone).instant);
  const until = new Date(localInstant(nextDay(t.al), '00:00', timezone).instant.getTime() - 1000);
  const skipped = t.saltate.filter((d) => d >= first && d <= t.al && weekdayOf(d) === t.giorno);
  const m = CALENDAR_MSG.training;
  const description = [`${CALENDAR_MSG.description.categoria}: ${t.gruppo}`, m.weekly(GIORNI[t.giorno - 1], t.oraInizio, t.oraFine)];
  if (t.spogliatoi.length > 0) description.push(m.rooms(t.spogliatoi));
  const text = calendar
    .createEvent({
      id: trainingUid(t.id, host),
      sequence: t.sequence,
      timezone,
      start: at(first, t.oraInizio),
      end: at(first, t.oraFine),
      repeating: {
        freq: ICalEventRepeatingFreq.WEEKLY,
        until,
        ...(skipped.length > 0 ? { exclude: skipped.map((d) => at(d, t.oraInizio)) } : {}),
      },
      stamp: STAMP_PLACEHOLDER,
      lastModified: t.updated_at,
      summary: m.summary(t.gruppo),
      location: t.campo,
      description: description.join('\n'),
      status: ICalEventStatus.CONFIRMED,
    })
    .toString();
  return foldLines(text);
}

/** The feed's text with every DTSTAMP a placeholder: what is cached and hashed; stampFeed() gives what is sent. */
export function buildFeed({ name, host, timezone, events, trainings = [], cache }: FeedInput): string {
  const calendar = ical({
    name: calendarNameText(name),
    prodId: { company: 'Garibaldina', product: 'Calendario Partite', language: 'IT' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: CALENDAR_REFRESH_SECONDS,
  });
  calendar.x('X-WR-TIMEZONE', timezone);
  // The calendar's own lines, folded by the library (it has no events yet).
  const frame = calendar.toString();
  const end = frame.lastIndexOf('END:VCALENDAR');
  const body = events.map((m) => {
    const key = eventKey(m, host);
    const known = cache?.get(key);
    if (known !== undefined) return known;
    const fallbackEnd = new Date(m.start_at.getTime() + defaultDurationMinutes(m.gruppo) * 60_000);
    const deleted = m.deleted_at !== null;
    // Issue 24: a match whose date is to be set, or cancelled (through its status or deleted), is
    // CANCELLED; it comes back CONFIRMED with the same UID and a higher SEQUENCE when it gets a date.
    const cancelled = deleted || readMatch(m).feedStatus === 'CANCELLED';
    const text = calendar
      .createEvent({
        id: eventUid(m.id, host),
        sequence: m.sequence,
        start: m.start_at,
        end: m.end_at ?? fallbackEnd,
        // The time of the answer, written by stampFeed(); LAST-MODIFIED is the row's last change.
        stamp: STAMP_PLACEHOLDER,
        lastModified: m.updated_at,
        summary: eventSummary(m),
        location: m.campo,
        description: deleted ? null : eventDescription(m, ritrovoOf(m, timezone)),
        status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      })
      .toString();
    const folded = foldLines(text);
    cache?.set(key, folded);
    return folded;
  });
  // The series, after the calendar's properties and before the matches, with the VTIMEZONE their TZID names.
  const series = trainings.map((t) => trainingEvent(calendar, t, host, timezone)).filter((e): e is string => e !== null);
  const zone = series.length > 0 ? (vtimezone(timezone) ?? '') : '';
  // RFC 5545 3.1: every content line ends with CRLF, the last one too (ical-generator omits it).
  return `${frame.slice(0, end)}${zone}${series.join('')}${body.join('')}${frame.slice(end)}\r\n`;
}
