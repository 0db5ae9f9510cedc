import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import type { Gruppo } from '../../../common/gruppi/rules';
import GroupDeleteDialog from './GroupDeleteDialog';

// Deleting a category (docs/gruppi.md) asks first, naming it; 'Annulla' deletes nothing.
describe('GroupDeleteDialog', () => {
  const pulcini: Gruppo = { id: 7, name: 'Pulcini 2016', created_at: '2026-11-01T10:00:00Z', components: [] };

  it("names the category, closes with 'Annulla' without deleting, deletes with the red Elimina", async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn(async (_g: Gruppo) => undefined);
    const onClose = jest.fn();
    renderWithProviders(<GroupDeleteDialog gruppo={pulcini} onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: MSG.groups.deleteTitle });
    expect(dialog).toHaveTextContent('Eliminare la categoria "Pulcini 2016"');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Annulla', 'Elimina']);

    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();

    const remove = within(dialog).getByRole('button', { name: 'Elimina' });
    expect(remove).toHaveClass('MuiButton-contained', 'MuiButton-colorError');
    await user.click(remove);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(pulcini));
  });
});
