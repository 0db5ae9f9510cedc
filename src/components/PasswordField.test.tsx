import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { PasswordField } from './PasswordField';

function Pair() {
  const [show, setShow] = useState(false);
  return (
    <>
      <PasswordField id="a" label="Nuova password" visible={show} onVisibleChange={setShow} />
      <PasswordField id="b" label="Conferma password" visible={show} toggle={false} />
    </>
  );
}

describe('PasswordField', () => {
  it("hides the text until 'Mostra password', then offers 'Nascondi password'", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordField id="p" label="Password" />);
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostra password' }));
    expect(field).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Nascondi password' }));
    expect(field).toHaveAttribute('type', 'password');
  });

  it('lets a second field follow the first one, without a button of its own', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Pair />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Mostra password' }));
    expect(screen.getByLabelText('Nuova password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Conferma password')).toHaveAttribute('type', 'text');
  });
});
