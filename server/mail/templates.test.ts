import { loadConfig } from '../config';
import { invitationMail, recoveryMail } from './templates';

describe('mail templates', () => {
  const config = loadConfig({ CLUB_NAME: 'Garibaldina <1953>', LOG_LEVEL: 'silent' });
  const link = 'http://localhost:3000/auth/v1/verify?token=abc&type=recovery&redirect_to=http%3A%2F%2Flocalhost%3A3000%2Freset-password';

  it('recovery: Italian, club name, the link in text and (escaped) html, 1 hour', () => {
    const mail = recoveryMail(config, { to: 'a@b.it', link });
    expect(mail.to).toBe('a@b.it');
    expect(mail.subject).toBe('Reimposta la password - Calendario partite Garibaldina <1953>');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('1 ora');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expect(mail.html).toContain('Garibaldina &lt;1953&gt;');
    expect(mail.html).not.toContain('<1953>');
    expect(mail.link).toBe(link);
  });

  it('invitation: role label, 24 hours', () => {
    const mail = invitationMail(config, { to: 'c@d.it', link, role: 'editor' });
    expect(mail.subject).toBe('Invito al calendario partite Garibaldina <1953>');
    expect(mail.text).toContain('con il ruolo Editor');
    expect(mail.text).toContain('24 ore');
    expect(mail.text).toContain(link);
  });
});
