import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, withStandInServer } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import { getAuthClient } from './session';
import { initialSessionState } from '../../store/sessionSlice';
import { changePasswordProblem } from '../../../common/auth/password';
import ChangePasswordDialog from './ChangePasswordDialog';

const C = MSG.changePassword;
const CURRENT = 'Vecchia1!';
const NEXT = 'NuovaPass9!';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const accessToken = () => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u-1', exp: now() + 3600, iat: now(), role: 'authenticated', app_role: 'editor' })}.c2ln`;
const authUser = { id: 'u-1', aud: 'authenticated', role: 'authenticated', email: 'anna@example.it', app_metadata: { role: 'editor' }, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };
const signedIn = { session: { ...initialSessionState, status: 'signedIn' as const, accessToken: 'tok', user: { id: 'u-1', email: 'anna@example.it', role: 'editor' as const } } };

let updateAnswer: { status: number; body: unknown };

const server = withStandInServer((req) => {
  if (req.url === '/api/config') return { status: 200, body: { supabaseUrl: server.origin, supabaseAnonKey: 'anon-key' } };
  if (req.url === '/api/login') {
    const { password } = JSON.parse(req.body) as { password: string };
    return password === CURRENT ? { status: 200, body: { success: true } } : { status: 401, body: { success: false, error: 'Email o password non corretti' } };
  }
  if (req.url.startsWith('/auth/v1/user') && req.method === 'GET') return { status: 200, body: authUser };
  if (req.url.startsWith('/auth/v1/user') && req.method === 'PUT') return updateAnswer;
  return { status: 404, body: { error: 'Risorsa non trovata' } };
});
beforeEach(() => {
  updateAnswer = { status: 200, body: authUser };
});

const sent = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.url.split('?')[0] === path);

async function openDialog() {
  const user = userEvent.setup();
  const onClose = jest.fn();
  const view = renderWithProviders(<ChangePasswordDialog open onClose={onClose} />, { preloadedState: signedIn });
  const dialog = await screen.findByRole('dialog', { name: C.title });
  const fill = async (current: string, next: string, confirm: string) => {
    for (const [label, value] of [
      [C.current, current],
      ['Nuova password', next],
      ['Conferma password', confirm],
    ] as const) {
      const field = within(dialog).getByLabelText(label);
      await user.clear(field);
      if (value) await user.type(field, value);
    }
  };
  const submit = () => user.click(within(dialog).getByRole('button', { name: C.submit }));
  return { user, onClose, dialog, fill, submit, ...view };
}

describe('Cambia password (account menu)', () => {
  it('the first problem of the form, in the order a person fixes them', () => {
    expect(changePasswordProblem('', NEXT, NEXT)).toBe(C.currentRequired);
    expect(changePasswordProblem(CURRENT, 'abc', 'abc')).toBe(MSG.password.minLength);
    expect(changePasswordProblem(CURRENT, 'abcdefgh1!', 'abcdefgh1!')).toBe(MSG.password.uppercase);
    expect(changePasswordProblem(CURRENT, NEXT, 'NuovaPass9?')).toBe(MSG.reset.mismatch);
    expect(changePasswordProblem(NEXT, NEXT, NEXT)).toBe(MSG.password.samePassword);
    expect(changePasswordProblem(CURRENT, NEXT, NEXT)).toBeNull();
  });

  it('validates before anything is sent: current required, the criteria of docs/auth.md with the strength bar, confirmation, a different password', async () => {
    const { dialog, fill, submit } = await openDialog();
    expect(within(dialog).getByText('Sicurezza password: Debole')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Criteri della password' })).toBeInTheDocument();

    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(C.currentRequired);

    await fill(CURRENT, 'abcdefgh', 'abcdefgh');
    expect(within(dialog).getByText('Sicurezza password: Media')).toBeInTheDocument();
    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.password.uppercase);

    await fill(CURRENT, NEXT, 'NuovaPass9?');
    expect(within(dialog).getByText('Sicurezza password: Forte')).toBeInTheDocument();
    expect(within(dialog).getByText('Almeno un carattere speciale (@$!%*?&)').closest('li')).toHaveAttribute('data-met', 'true');
    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.reset.mismatch);

    await fill(CURRENT, CURRENT, CURRENT);
    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.password.samePassword);

    expect(sent('POST', '/api/login')).toHaveLength(0);
    expect(sent('PUT', '/auth/v1/user')).toHaveLength(0);
  });

  it('a wrong current password says so and changes nothing', async () => {
    const { dialog, fill, submit, onClose } = await openDialog();
    await fill('Sbagliata1!', NEXT, NEXT);
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(C.wrongCurrent);
    expect(sent('POST', '/api/login').map((r) => JSON.parse(r.body))).toEqual([{ email: 'anna@example.it', password: 'Sbagliata1!' }]);
    expect(sent('PUT', '/auth/v1/user')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('the right current password: the new one is set on this session, a toast says so, the dialog closes', async () => {
    const client = await getAuthClient();
    await client.auth.setSession({ access_token: accessToken(), refresh_token: 'refresh-1' });
    const { fill, submit, onClose } = await openDialog();
    await fill(CURRENT, NEXT, NEXT);
    await submit();
    expect(await screen.findByText(C.changed)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent('PUT', '/auth/v1/user').map((r) => JSON.parse(r.body).password)).toEqual([NEXT]);
  });

  it("the server's refusal in the dialog's words (same password)", async () => {
    const client = await getAuthClient();
    await client.auth.setSession({ access_token: accessToken(), refresh_token: 'refresh-2' });
    updateAnswer = { status: 422, body: { code: 'same_password', message: 'New password should be different from the old password.' } };
    const { dialog, fill, submit, onClose } = await openDialog();
    await fill(CURRENT, NEXT, NEXT);
    await submit();
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.password.samePassword));
    expect(onClose).not.toHaveBeenCalled();
  });
});
