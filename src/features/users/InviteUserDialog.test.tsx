import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import InviteUserDialog from './InviteUserDialog';

describe('InviteUserDialog', () => {
  it('shows the validation messages of docs/users.md and sends nothing while the email is missing or malformed; role defaults to reader', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const realFetch = global.fetch;
    global.fetch = (async (input: RequestInfo | URL) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return new Response('{}', { status: 500 });
    }) as typeof fetch;
    try {
      renderWithProviders(<InviteUserDialog open onClose={() => undefined} />);
      expect(screen.getByRole('heading', { name: MSG.users.inviteTitle })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: MSG.users.role })).toHaveTextContent('Lettore');

      await user.click(screen.getByRole('button', { name: MSG.users.sendInvite }));
      expect(screen.getByText(MSG.users.emailRequired)).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: new RegExp(`^${MSG.users.email}`) }), 'mario@rossi');
      await user.click(screen.getByRole('button', { name: MSG.users.sendInvite }));
      expect(screen.getByText(MSG.users.emailInvalid)).toBeInTheDocument();
      // No invitation went out (the app may read its public /api/config on its own).
      expect(sent.filter((url) => url.includes('/api/users'))).toEqual([]);
    } finally {
      global.fetch = realFetch;
    }
  });
});
