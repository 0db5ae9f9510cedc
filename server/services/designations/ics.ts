// The VEVENTs of the officials' designations (docs/calendar.md, docs/officials.md), written by
// ical-generator: the same event (UID, SEQUENCE, instants, text) in the invitation mails
// (METHOD:REQUEST / METHOD:CANCEL, mail.ts) and in the person's private feed
// (METHOD:PUBLISH, server/features/calendar/designations-feed.ts). Match instants are UTC like the
// match feeds (matchInstants, also theirs); an away match without an end lasts its category's length.
// Shared: the notification queue's worker writes the mails, the calendar feature the feed.
import ical, { foldLines, ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import dayjs from 'dayjs';
import { defaultDurationMinutes } from '../../../common/calendar/rules';
import { DIRIGENTI_MSG, RUOLO_LABELS } from '../../../common/officials/messages';
import type { Ruolo } from '../../../common/officials/rules';
import type { MeaningSource } from '../../../common/matches/meaning';
import { localInstant } from '../../../common/matches/times';

/** Stable for the life of a role of a match, whoever holds it: `designazione-12-arbitro@host`. */
export const designationUid = (partitaId: number, ruolo: Ruolo, host: string) => `designazione-${partitaId}-${ruolo}@${host}`;

/** What a designation's VEVENT says about its match (dates 'YYYY-MM-DD', times 'HH:MM' or 'HH:MM:SS'). */
export interface DesignationMatch extends MeaningSource {
  data: string;
  ora: string;
  ora_fine: string | null;
  squadracasa: string;
  squadratrasferta: string;
  gruppo: string;
  campo: string;
}

export interface DesignationEventInput {
  partitaId: number;
  ruolo: Ruolo;
  sequence: number;
  partita: DesignationMatch;
}

const teams = (m: DesignationMatch) => `${m.squadracasa} - ${m.squadratrasferta}`;

/**
 * A match's instants in the club's timezone (common/matches/times.ts: an ambiguous time is its first
 * occurrence): the end at ora_fine on the same day, null without one. An end not after the start
 * (only rows saved before the end had to follow the start, e.g. 23:30-00:45) is the category's length, cut at
 * midnight: the event stays on its day. The match feeds' rule (calendar/repo.ts withInstants).
 */
export function matchInstants(m: { data: string; ora: string; ora_fine: string | null; gruppo: string }, timezone: string): { start: Date; end: Date | null } {
  const start = localInstant(m.data, m.ora, timezone).instant;
  let end: Date | null = null;
  if (m.ora_fine !== null) {
    end = localInstant(m.data, m.ora_fine, timezone).instant;
    if (end <= start) {
      const midnight = localInstant(dayjs(m.data).add(1, 'day').format('YYYY-MM-DD'), '00:00', timezone).instant;
      end = new Date(Math.min(start.getTime() + defaultDurationMinutes(m.gruppo) * 60_000, midnight.getTime()));
    }
  }
  return { start, end };
}

/** DTSTART and DTEND in UTC: the end time on the same day, else the category's usual length. */
export function designationInstants(m: DesignationMatch, timezone: string): { start: Date; end: Date } {
  const { start, end } = matchInstants({ data: m.data, ora: m.ora.slice(0, 5), ora_fine: m.ora_fine?.slice(0, 5) ?? null, gruppo: m.gruppo }, timezone);
  return { start, end: end ?? new Date(start.getTime() + defaultDurationMinutes(m.gruppo) * 60_000) };
}

/** The VEVENT fields a designation has in its mails and in the feed. */
export function designationEventData(d: DesignationEventInput, host: string, timezone: string) {
  const { start, end } = designationInstants(d.partita, timezone);
  const ruolo = RUOLO_LABELS[d.ruolo];
  const M = DIRIGENTI_MSG.mail;
  return {
    id: designationUid(d.partitaId, d.ruolo, host),
    sequence: d.sequence,
    start,
    end,
    summary: DIRIGENTI_MSG.feed.summary(ruolo, teams(d.partita)),
    location: d.partita.campo,
    description: [`${M.ruolo}: ${ruolo}`, `${M.categoria}: ${d.partita.gruppo}`, `${M.match}: ${teams(d.partita)}`].join('\n'),
  };
}

/** Parses MAIL_FROM ('Calendario Garibaldina <noreply@club.it>' or a bare address) into the ORGANIZER. */
export function organizerOf(mailFrom: string, fallbackName: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>\s]+)>\s*$/.exec(mailFrom);
  if (m) return { name: m[1] || fallbackName, email: m[2] };
  return { name: fallbackName, email: mailFrom.trim() };
}

/**
 * A parameter value (`CN`) as RFC 6868 writes it inside its double quotes: RFC 5545 has no escape
 * there (a `\"` ends the value, and what follows would be read as more parameters), so `^` is `^^`,
 * `"` is `^'` and a line break `^n`; other control characters (never in a valid name) become a space.
 */
export function paramValue(text: string): string {
  return text
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')
    .replace(/\p{Cc}/gu, (c) => (c === '\t' ? c : ' '));
}

// ical-generator writes a name inside CN="..." with backslash escapes (`\"`), which RFC 5545 does not have:
// the event is written with these stand-ins, then each CN is replaced by its RFC 6868 value and the
// lines are folded again.
const ORGANIZER_CN = 'CN-ORGANIZER-PLACEHOLDER';
const ATTENDEE_CN = 'CN-ATTENDEE-PLACEHOLDER';

export function withCommonNames(ics: string, names: Record<string, string>): string {
  let text = ics.replace(/\r\n[ \t]/g, '');
  for (const [placeholder, name] of Object.entries(names)) {
    const written = `;CN="${placeholder}"`;
    if (text.split(written).length !== 2) throw new Error(`iCalendar: ${placeholder} not written once`);
    text = text.replace(written, () => `;CN="${paramValue(name)}"`);
  }
  return foldLines(text);
}

/**
 * The iCalendar attachment of a designation mail: METHOD:REQUEST (the person is invited,
 * CONFIRMED) or METHOD:CANCEL (STATUS:CANCELLED), one VEVENT with ORGANIZER the club's MAIL_FROM
 * and ATTENDEE the person, DTSTAMP `now`. RSVP=FALSE: the organiser is a no-reply address, so no
 * calendar is asked to send a reply there. Names are RFC 6868 parameter values (paramValue).
 */
export function invitationIcs(
  d: DesignationEventInput & { method: 'REQUEST' | 'CANCEL'; persona: { nome: string; cognome: string; email: string } },
  opts: { host: string; timezone: string; mailFrom: string; clubName: string; now?: Date },
): string {
  const calendar = ical({
    prodId: { company: 'Garibaldina', product: 'Calendario Partite', language: 'IT' },
    method: d.method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  const cancel = d.method === 'CANCEL';
  const organizer = organizerOf(opts.mailFrom, opts.clubName);
  calendar.createEvent({
    ...designationEventData(d, opts.host, opts.timezone),
    stamp: opts.now ?? new Date(),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: ORGANIZER_CN, email: organizer.email },
    attendees: [
      {
        email: d.persona.email,
        name: ATTENDEE_CN,
        role: ICalAttendeeRole.REQ,
        status: cancel ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.NEEDSACTION,
        rsvp: false,
      },
    ],
  });
  const ics = withCommonNames(calendar.toString(), { [ORGANIZER_CN]: organizer.name, [ATTENDEE_CN]: `${d.persona.nome} ${d.persona.cognome}` });
  return `${ics}\r\n`;
}
