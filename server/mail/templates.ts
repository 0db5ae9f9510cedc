import type { Config } from '../config';
import type { Mail } from './mailer';
import { escapeHtml } from '../shared/html';
import { ROLE_LABEL, type Role } from '../../common/users/roles';
// Link lifetimes of server/auth/links.ts, in hours.
const LINK_TTL_HOURS = { recovery: 1, invite: 24 } as const;


function html(config: Config, paragraphs: string[], link: string, button: string): string {
  const club = escapeHtml(config.clubName);
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const href = escapeHtml(link);
  return `<!doctype html>
<html lang="it"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h2 style="color: #1565c0">Calendario partite ${club}</h2>
${body}
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #1565c0; color: #fff; text-decoration: none; border-radius: 4px">${escapeHtml(button)}</a></p>
<p style="font-size: 12px; color: #6b7280">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${href}</p>
</body></html>`;
}

/** The password-reset mail (valid 1 hour, one use). */
export function recoveryMail(config: Config, opts: { to: string; link: string }): Mail {
  const lines = [
    'Ciao,',
    `abbiamo ricevuto una richiesta di reimpostazione della password del tuo account sul calendario partite ${config.clubName}.`,
    `Apri il link qui sotto per scegliere una nuova password. Il link vale ${LINK_TTL_HOURS.recovery} ora e si può usare una sola volta.`,
    'Se non hai chiesto tu il reset, ignora questa mail: la tua password resta quella attuale.',
  ];
  return {
    to: opts.to,
    subject: `Reimposta la password - Calendario partite ${config.clubName}`,
    text: `${lines.join('\n\n')}\n\n${opts.link}\n\n${config.clubName}\n`,
    html: html(config, lines, opts.link, 'Reimposta la password'),
    link: opts.link,
  };
}

/** The invitation mail (valid 24 hours, one use): the person opens it and sets a password. */
export function invitationMail(config: Config, opts: { to: string; link: string; role: Role }): Mail {
  const lines = [
    'Ciao,',
    `sei stato invitato a usare il calendario partite ${config.clubName} con il ruolo ${ROLE_LABEL[opts.role]}.`,
    `Apri il link qui sotto e scegli la tua password. Il link vale ${LINK_TTL_HOURS.invite} ore e si può usare una sola volta.`,
    'Poi potrai accedere con questa email e la password scelta.',
    'Se non ti aspettavi questo invito, ignora questa mail.',
  ];
  return {
    to: opts.to,
    subject: `Invito al calendario partite ${config.clubName}`,
    text: `${lines.join('\n\n')}\n\n${opts.link}\n\n${config.clubName}\n`,
    html: html(config, lines, opts.link, 'Scegli la password'),
    link: opts.link,
  };
}

/**
 * A designation mail of the notification queue (server/services/designations/invitations.ts): the
 * Italian text made when it was queued, signed with the club's name, and its iCalendar file
 * (METHOD:REQUEST or METHOD:CANCEL in the Content-Type too, as calendar clients look for it).
 */
export function designationMail(config: Config, opts: { to: string; subject: string; text: string; ics: string; method: 'REQUEST' | 'CANCEL' }): Mail {
  return {
    to: opts.to,
    subject: opts.subject,
    text: `${opts.text}\n\n${config.clubName}\n`,
    attachments: [
      {
        filename: opts.method === 'REQUEST' ? 'invito.ics' : 'annullamento.ics',
        content: Buffer.from(opts.ics, 'utf8'),
        contentType: `text/calendar; charset=utf-8; method=${opts.method}`,
      },
    ],
  };
}
