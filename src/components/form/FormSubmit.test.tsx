import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import { FormDialog, type FormDialogControls } from './FormDialog';
import { SaveButton, ServerErrorAlert, useFormSubmit } from './FormSubmit';

type Send = (body: { name: string }, kind: 'save') => Promise<string>;

function TestForm({ controls, send, onSaved }: { controls: FormDialogControls; send: Send; onSaved: (answer: string) => void }) {
  const form = useForm({ defaultValues: { name: '' } });
  const { submit, saving, serverError } = useFormSubmit(form, controls, { send, onSaved, refusal: (err) => `refused: ${(err as Error).message}` });
  return (
    <form noValidate onSubmit={submit('save')}>
      <h2 id="test-form-title">Test form</h2>
      <ServerErrorAlert message={serverError} />
      <input aria-label="name" {...form.register('name')} disabled={saving} />
      <SaveButton saving={saving} disabled={saving} label="Save" savingLabel="Saving" />
    </form>
  );
}

/** A FormDialog with a one-field form saved through useFormSubmit; a save closes it. */
function Harness({ send, onClosed }: { send: Send; onClosed: (answer: string | null) => void }) {
  const [open, setOpen] = useState(true);
  const close = (answer: string | null) => {
    setOpen(false);
    onClosed(answer);
  };
  return (
    <FormDialog open={open} onClose={() => close(null)} titleId="test-form-title" maxWidth="sm">
      {(_busy, controls) => <TestForm controls={controls} send={send} onSaved={(answer) => close(answer)} />}
    </FormDialog>
  );
}

function deferred() {
  let resolve!: (answer: string) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useFormSubmit', () => {
  it('keeps the dialog busy while saving, then hands the answer on and closes', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    const send = jest.fn<Promise<string>, [{ name: string }, 'save']>(() => answer.promise);
    const onClosed = jest.fn();
    renderWithProviders(<Harness send={send} onClosed={onClosed} />);

    await user.type(screen.getByRole('textbox', { name: 'name' }), 'Mario');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledWith({ name: 'Mario' }, 'save');
    expect(await screen.findByRole('button', { name: 'Saving' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'name' })).toBeDisabled();

    // Esc while saving neither closes nor asks about the changes.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: MSG.screens.unsaved.title })).not.toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();

    await act(async () => answer.resolve('saved'));
    expect(onClosed).toHaveBeenCalledWith('saved');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal over the fields, lets the form be saved again and clears it at the next change', async () => {
    const user = userEvent.setup();
    const send = jest.fn<Promise<string>, [{ name: string }, 'save']>().mockRejectedValueOnce(new Error('taken')).mockResolvedValueOnce('saved');
    const onClosed = jest.fn();
    renderWithProviders(<Harness send={send} onClosed={onClosed} />);

    await user.type(screen.getByRole('textbox', { name: 'name' }), 'Mario');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('refused: taken');
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'name' })).toHaveValue('Mario');

    await user.type(screen.getByRole('textbox', { name: 'name' }), 'o');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClosed).toHaveBeenCalledWith('saved');
    expect(send).toHaveBeenLastCalledWith({ name: 'Marioo' }, 'save');
  });
});
