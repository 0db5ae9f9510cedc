import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signedInStore, withStandInServer } from '../../../test/render';
import { DELETE_PREVIEW_MSG, type GruppoDeletePreview } from '../../../common/groups/delete-preview';
import { MSG } from '../../../common/core/messages';
import type { Gruppo } from '../../../common/groups/rules';
import GroupDeleteDialog from './GroupDeleteDialog';

// Deleting a category (docs/groups.md) asks first, naming it; 'Annulla' deletes nothing.
const previews: Record<string, GruppoDeletePreview> = {
  '7': { name: 'Pulcini 2016', partite: 0, referenti: 2, allenamenti: [{ giorno: 1, oraInizio: '18:00', oraFine: '19:30', campo: 'Campo Comunale' }, { giorno: 4, oraInizio: '17:00', oraFine: '18:00', campo: 'Campo Nord' }] },
  '8': { name: 'Allievi', partite: 3, referenti: 1, allenamenti: [] },
};
withStandInServer((req) => {
  const id = /^\/api\/gruppi\/(\d+)\/eliminazione$/.exec(new URL(req.url, 'http://x').pathname)?.[1];
  return id && previews[id] ? { status: 200, body: { data: previews[id] } } : { status: 404, body: { error: 'Categoria non trovata' } };
});

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

  it('names what goes with the category: referents, each training series, the feed; matches are kept', async () => {
    renderWithProviders(<GroupDeleteDialog gruppo={pulcini} onConfirm={jest.fn()} onClose={jest.fn()} />, { store: signedInStore('admin') });
    const dialog = screen.getByRole('dialog', { name: MSG.groups.deleteTitle });
    const list = await within(dialog).findByRole('list', { name: DELETE_PREVIEW_MSG.goesWith });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '2 referenti (con telefono, email e scelta delle notifiche)',
      '2 serie di allenamento: lunedì 18:00-19:30, Campo Comunale; giovedì 17:00-18:00, Campo Nord',
      DELETE_PREVIEW_MSG.feed,
    ]);
    expect(dialog).toHaveTextContent(DELETE_PREVIEW_MSG.matchesKept);
    expect(within(dialog).getByRole('button', { name: 'Elimina' })).toBeEnabled();
  });

  it('a category with matches: says it cannot be deleted and keeps Elimina disabled', async () => {
    const allievi: Gruppo = { id: 8, name: 'Allievi', created_at: '2026-11-01T10:00:00Z', components: [] };
    renderWithProviders(<GroupDeleteDialog gruppo={allievi} onConfirm={jest.fn()} onClose={jest.fn()} />, { store: signedInStore('admin') });
    const dialog = screen.getByRole('dialog', { name: MSG.groups.deleteTitle });
    expect(await within(dialog).findByText(DELETE_PREVIEW_MSG.hasMatches(3))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Elimina' })).toBeDisabled();
  });
});
