import dayjs from 'dayjs';
import { SignJWT, jwtVerify } from 'jose';
import { CAMPO_LABEL, NOTIFICHE_MSG } from '../../../common/notifications/rules';
import { readMatch } from '../../../common/matches/meaning';
import { weekdayDate } from '../../../common/core/dates';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import type { ChangeRow, ExpiringCertificate, MatchImage } from './repo';

/** Audience of the unsubscribe tokens: a session token (audience 'authenticated') is never one. */
const AUDIENCE = 'notifiche-disiscrizione';
const key = (secret: string) => new TextEncoder().encode(secret);

/** How long the link of a mail unsubscribes (each new mail brings a new one). */
export const UNSUBSCRIBE_TOKEN_DAYS = 365;
const UNSUBSCRIBE_TOKEN_LIFETIME = `${UNSUBSCRIBE_TOKEN_DAYS}d`;

export async function unsubscribeToken(secret: string, gruppoId: number, email: string, issuedAt = new Date()): Promise<string> {
  return new SignJWT({ g: gruppoId, e: email })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(new Date(issuedAt.getTime() + UNSUBSCRIBE_TOKEN_DAYS * 86_400_000))
    .sign(key(secret));
}

/**
 * The category id and email of a valid token; 'expired' for a genuine one past its year (those of the
 * first mails have no expiry of their own: their issue date counts); null for a forged, altered or foreign one.
 */
export async function readUnsubscribeToken(secret: string, token: string): Promise<{ gruppoId: number; email: string } | 'expired' | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], audience: AUDIENCE, maxTokenAge: UNSUBSCRIBE_TOKEN_LIFETIME });
    if (typeof payload.g !== 'number' || typeof payload.e !== 'string') return null;
    return { gruppoId: payload.g, email: payload.e };
  } catch (err) {
    return (err as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : null;
  }
}

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/notifiche/disiscrivi?t=${encodeURIComponent(token)}`;

const hm = (t: string | null | undefined) => (t ? t.slice(0, 5) : '-');

function value(field: string, m: MatchImage): string {
  const v = (m as unknown as Record<string, unknown>)[field];
  if (field === 'data') return weekdayDate(String(v));
  if (field === 'ora' || field === 'ora_fine') return hm(v as string | null);
  // As every output reads it: 'In programma - Spostata dal 21/11/2026', 'Rinviata - data da definire'...
  if (field === 'stato') return readMatch(m).text;
  return v === null || v === undefined || v === '' ? '-' : String(v);
}

const title = (m: MatchImage) => `${m.squadracasa} - ${m.squadratrasferta}, ${weekdayDate(m.data)} ore ${hm(m.ora)}, ${m.campo}`;

/**
 * The changes of one category collapsed per match (first before, last after): a match created and
 * deleted in the window, or edited back to where it was, is left out. `inWindow` tells whether a
 * date (YYYY-MM-DD) is within the 14 days announced.
 */
export function collapse(changes: ChangeRow[], inWindow: (date: string) => boolean): Array<{ prima: MatchImage | null; dopo: MatchImage | null }> {
  const byMatch = new Map<number, { prima: MatchImage | null; dopo: MatchImage | null }>();
  for (const c of changes) {
    const cur = byMatch.get(c.partita_id);
    if (cur) cur.dopo = c.dopo;
    else byMatch.set(c.partita_id, { prima: c.prima, dopo: c.dopo });
  }
  return [...byMatch.values()].filter(({ prima, dopo }) => {
    if (!prima && !dopo) return false;
    if (!(prima && inWindow(prima.data)) && !(dopo && inWindow(dopo.data))) return false;
    if (prima && dopo) return Object.keys(CAMPO_LABEL).some((f) => value(f, prima) !== value(f, dopo));
    return true;
  });
}

/** Where a changed match stands in the mail: its date and time after the change (before it, for a deleted one). */
const when = ({ prima, dopo }: { prima: MatchImage | null; dopo: MatchImage | null }) => {
  const m = (dopo ?? prima)!;
  return `${m.data} ${m.ora ?? ''}`;
};

/** The Italian text of a change mail (without the unsubscribe footer): the matches by date and time, not in the order they were changed. */
export function changesText(gruppo: string, items: Array<{ prima: MatchImage | null; dopo: MatchImage | null }>): string {
  const lines = [NOTIFICHE_MSG.changesIntro(gruppo), ''];
  // A stable sort: matches at the same date and time keep the order of their first change.
  const sorted = [...items].sort((a, b) => (when(a) < when(b) ? -1 : when(a) > when(b) ? 1 : 0));
  for (const { prima, dopo } of sorted) {
    if (!prima && dopo) lines.push(`${NOTIFICHE_MSG.created}: ${title(dopo)}`);
    else if (prima && !dopo) lines.push(`${NOTIFICHE_MSG.deleted}: ${title(prima)}`);
    else if (prima && dopo) {
      lines.push(`${NOTIFICHE_MSG.updated}: ${prima.squadracasa} - ${prima.squadratrasferta}`);
      for (const [field, label] of Object.entries(CAMPO_LABEL)) {
        const a = value(field, prima);
        const b = value(field, dopo);
        if (a !== b) lines.push(`  ${label}: ${NOTIFICHE_MSG.before.toLowerCase()} ${a}, ${NOTIFICHE_MSG.after.toLowerCase()} ${b}`);
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** The Italian body of a weekly digest: the category's matches of the week, one per line. */
export function digestText(gruppo: string, from: string, to: string, matches: MatchImage[]): string {
  const d = (iso: string) => dayjs(iso).format('DD/MM/YYYY');
  const lines = matches.map((m) => {
    const r = readMatch(m);
    return r.meaning === 'programmata' ? `- ${title(m)}` : `- ${title(m)} (${r.text})`;
  });
  return [NOTIFICHE_MSG.digestIntro(gruppo, d(from), d(to)), '', ...(lines.length ? lines : [NOTIFICHE_MSG.digestEmpty]), '', NOTIFICHE_MSG.digestAttachment, ''].join('\n');
}

/**
 * The weekly digest's lines of the category's certificates (docs/players.md, expiry alerts), added when it is
 * sent: one per player, the name and the expiry date only, expired (before `today`) or expiring; '' for none.
 */
export function certificatesText(certificates: readonly ExpiringCertificate[], today: string): string {
  if (!certificates.length) return '';
  const D = GIOCATORI_MSG.digest;
  const lines = certificates.map((c) => (c.scadenza < today ? D.scaduto : D.inScadenza)(`${c.nome} ${c.cognome}`, c.scadenza));
  return ['', D.title, ...lines, ''].join('\n');
}
