// The iCalendar event of a call-up's ritrovo (docs/callups.md), written by ical-generator: from the
// ritrovo to the end of the match, at the ritrovo's place, in UTC like the match feeds. The same event
// (UID, SEQUENCE) in the families' mails (METHOD:REQUEST, or METHOD:CANCEL when the match is
// cancelled or postponed) and behind the answer page's 'Aggiungi al calendario' (METHOD:PUBLISH).
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import { organizerOf, withCommonNames } from '../designations/ics';

/** Stable for the life of a player's call-up to a match: `convocazione-12-34@host`. */
export const callupUid = (partitaId: number, giocatoreId: number, host: string) => `convocazione-${partitaId}-${giocatoreId}@${host}`;

/** What the event says (instants ISO; times 'HH:mm'). */
export interface CallupEvent {
  partitaId: number;
  giocatoreId: number;
  sequence: number;
  /** The child's name and surname. */
  giocatore: string;
  /** 'Garibaldina - Fortis'. */
  partita: string;
  gruppo: string;
  inizio: string;
  fine: string;
  ritrovoOra: string;
  luogo: string;
  ora: string;
  campo: string;
  /** CANCELLED: the match will not be played then (cancelled, or postponed to a date to be set). */
  annullato: boolean;
}

const ORGANIZER_CN = 'CN-ORGANIZER-PLACEHOLDER';
const ATTENDEE_CN = 'CN-ATTENDEE-PLACEHOLDER';

function eventData(e: CallupEvent, host: string, link: string | null) {
  const M = CONVOCAZIONI_MSG.ics;
  return {
    id: callupUid(e.partitaId, e.giocatoreId, host),
    sequence: e.sequence,
    start: new Date(e.inizio),
    end: new Date(e.fine),
    summary: M.summary(e.giocatore, e.partita),
    location: e.luogo,
    description: [M.ritrovo(e.ritrovoOra, e.luogo), M.partita(e.ora, e.campo), `${CONVOCAZIONI_MSG.mail.categoria}: ${e.gruppo}`, ...(link ? [M.rispondi(link)] : [])].join('\n'),
    status: e.annullato ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
}

const PROD_ID = { company: 'Garibaldina', product: 'Calendario Partite', language: 'IT' };

/**
 * The attachment of a family's mail: METHOD:REQUEST (or CANCEL for a match that will not be played),
 * ORGANIZER the club's MAIL_FROM, ATTENDEE the guardian, RSVP=FALSE (the answer is the link, not a
 * calendar reply to a no-reply address). Names are RFC 6868 parameter values.
 */
export function callupInvitationIcs(
  e: CallupEvent,
  opts: { host: string; mailFrom: string; clubName: string; attendee: { email: string; name: string }; link: string; now?: Date },
): string {
  const cancel = e.annullato;
  const calendar = ical({ prodId: PROD_ID, method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  const organizer = organizerOf(opts.mailFrom, opts.clubName);
  calendar.createEvent({
    ...eventData(e, opts.host, opts.link),
    stamp: opts.now ?? new Date(),
    organizer: { name: ORGANIZER_CN, email: organizer.email },
    attendees: [
      {
        email: opts.attendee.email,
        name: ATTENDEE_CN,
        role: ICalAttendeeRole.REQ,
        status: cancel ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.NEEDSACTION,
        rsvp: false,
      },
    ],
  });
  return `${withCommonNames(calendar.toString(), { [ORGANIZER_CN]: organizer.name, [ATTENDEE_CN]: opts.attendee.name })}\r\n`;
}

/** The answer page's 'Aggiungi al calendario': the same event, METHOD:PUBLISH, nobody named but the child. */
export function callupPublishIcs(e: CallupEvent, opts: { host: string; now?: Date }): string {
  const calendar = ical({ prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({ ...eventData(e, opts.host, null), stamp: opts.now ?? new Date() });
  return calendar.toString();
}
