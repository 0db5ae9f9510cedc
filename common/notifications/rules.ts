// Change notifications by mail (docs/notifications.md): the referent's notification fields and every Italian
// string of the feature (forms, mails, the unsubscribe page, activity records).
import { z } from '../core/zod';

export const NOTIFICHE_SCELTE = ['ogni_modifica', 'settimanale', 'nessuna'] as const;
export type NotificheScelta = (typeof NOTIFICHE_SCELTE)[number];
export const NOTIFICHE_DEFAULT: NotificheScelta = 'ogni_modifica';

export const NOTIFICHE_LABEL: Record<NotificheScelta, string> = {
  ogni_modifica: 'Ogni modifica',
  settimanale: 'Riepilogo settimanale',
  nessuna: 'Nessuna',
};

export const EMAIL_MAX = 254;

export const NOTIFICHE_MSG = {
  emailLabel: 'Email',
  notificheLabel: 'Notifiche',
  emailInvalid: (n: number) => `Il referente ${n} ha un indirizzo email non valido`,
  notificheInvalid: (n: number) => `Il referente ${n} ha una scelta di notifiche non valida`,
  notificheNeedEmail: (n: number) => `Il referente ${n} non ha un'email: può ricevere notifiche solo con un indirizzo email`,
  /** Under the disabled 'Notifiche' choice of a referent without an email. */
  notificheNoEmailHint: "Serve un'email per ricevere notifiche",
  sectionTitle: 'Notifiche',
  sectionIntro: 'Chi riceve le email sulle modifiche alle partite dei prossimi 14 giorni, per categoria.',
  nobody: 'Nessuno riceve notifiche',
  noEmail: 'senza email',
  // Mails
  changesSubject: (gruppo: string) => `Partite modificate: ${gruppo}`,
  changesIntro: (gruppo: string) => `Sono cambiate queste partite della categoria ${gruppo} nei prossimi 14 giorni:`,
  created: 'Nuova partita',
  updated: 'Partita modificata',
  deleted: 'Partita eliminata',
  before: 'Prima',
  after: 'Dopo',
  digestSubject: (gruppo: string, from: string, to: string) => `Riepilogo settimanale ${gruppo}: dal ${from} al ${to}`,
  digestIntro: (gruppo: string, from: string, to: string) => `Le partite della categoria ${gruppo} dal ${from} al ${to}:`,
  digestEmpty: 'Nessuna partita in programma questa settimana.',
  digestAttachment: 'In allegato il calendario della settimana in PDF.',
  footer: (link: string) => `Per non ricevere più queste email: ${link}`,
  // Unsubscribe page
  confirmTitle: 'Disattivare le notifiche?',
  confirmText: (email: string, gruppo: string) => `${email} non riceverà più email sulla categoria ${gruppo}.`,
  confirmButton: 'Disattiva le notifiche',
  unsubscribedTitle: 'Notifiche disattivate',
  unsubscribed: (email: string, gruppo: string) => `${email} non riceverà più email sulla categoria ${gruppo}.`,
  invalidLink: 'Link non valido o scaduto',
  invalidLinkText: 'Il link per disattivare le notifiche non è valido.',
  expiredLink: 'Link scaduto',
  expiredLinkText:
    'Il link per disattivare le notifiche è scaduto (vale un anno). Ogni nuova mail di notifica ne contiene uno nuovo: usa quello della mail più recente.',
  // Activity records
  activitySent: (email: string, gruppo: string) => `Notifica inviata a ${email} (${gruppo})`,
  activityRetried: (email: string, gruppo: string, n: number) => `Notifica a ${email} (${gruppo}) non inviata, nuovo tentativo ${n}`,
  activityFailed: (email: string, gruppo: string) => `Notifica a ${email} (${gruppo}) non inviata dopo l'ultimo tentativo`,
  activityUnsubscribed: (email: string, gruppo: string) => `${email} ha disattivato le notifiche della categoria ${gruppo}`,
} as const;

/** Field labels used in a change mail's before/after lines. */
export const CAMPO_LABEL: Record<string, string> = {
  data: 'Data',
  ora: 'Ora',
  ora_fine: 'Ora fine',
  campo: 'Campo',
  spogliatoio_gari: 'Spogliatoio casa',
  spogliatoio_ospiti: 'Spogliatoio ospiti',
  stato: 'Stato',
  motivo_stato: 'Motivo',
};

const RAW_MAX = 300;

/** The referent's email (optional: empty or absent is null), lower-cased and trimmed. */
export const normalizeEmail = (value: string | null | undefined): string | null => {
  const v = (value ?? '').trim().toLowerCase();
  return v === '' ? null : v;
};

const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const isValidEmail = (email: string) => email.length <= EMAIL_MAX && EMAIL_RE.test(email) && z.email().safeParse(email).success;

/** Raw fields a referent may carry in the categories API (shape only; rules in `referenteNotificheIssues`). */
export const referenteNotificheRaw = {
  email: z.string().max(RAW_MAX).nullish(),
  notifiche: z.string().max(RAW_MAX).nullish(),
};

/** The problems of a referent's email and notifiche (n: 1-based referent number), as [field, message]. */
export function referenteNotificheIssues(r: { email?: string | null; notifiche?: string | null }, n: number): Array<['email' | 'notifiche', string]> {
  const out: Array<['email' | 'notifiche', string]> = [];
  const email = normalizeEmail(r.email);
  if (email !== null && !isValidEmail(email)) out.push(['email', NOTIFICHE_MSG.emailInvalid(n)]);
  if (r.notifiche != null && r.notifiche !== '' && !(NOTIFICHE_SCELTE as readonly string[]).includes(r.notifiche))
    out.push(['notifiche', NOTIFICHE_MSG.notificheInvalid(n)]);
  // Only an address receives mails: without one the only choice is 'Nessuna'.
  else if (email === null && r.notifiche != null && r.notifiche !== '' && r.notifiche !== 'nessuna') out.push(['notifiche', NOTIFICHE_MSG.notificheNeedEmail(n)]);
  return out;
}

/** Whether a referent with this email (as typed) may choose a mail: only with an address. */
export const canChooseNotifiche = (email: string | null | undefined) => normalizeEmail(email) !== null;

/**
 * The stored choice: 'ogni_modifica' when not given and the referent has an email, always 'nessuna'
 * without one (a referent without an address receives nothing).
 */
export const normalizeNotifiche = (value: string | null | undefined, email?: string | null): NotificheScelta =>
  email !== undefined && normalizeEmail(email) === null
    ? 'nessuna'
    : value && (NOTIFICHE_SCELTE as readonly string[]).includes(value)
      ? (value as NotificheScelta)
      : NOTIFICHE_DEFAULT;
