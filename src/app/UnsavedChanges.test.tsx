import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { renderWithProviders, signedInStore, withStandInServer } from '../../test/render';
import { MSG } from '../../common/core/messages';
import { IMPORT_MSG } from '../../common/import/messages';
import GroupFormDialog from '../features/groups/GroupFormDialog';
import ImportPage from '../features/import/ImportPage';
import { ClosuresSection } from '../features/trainings/ClosuresSection';
import { CHIUSURE_MSG } from '../../common/closures/messages';

// The unsaved-changes guard (docs/screens.md): a dialog or a page holding typed input asks before it is lost.
const U = MSG.screens.unsaved;
const question = () => screen.queryByText(U.question);
const nameField = () => screen.getByRole('textbox', { name: new RegExp(`^${MSG.groups.name}`) });
/** A click on the dialog's backdrop (MUI closes on a press and release outside the paper). */
function clickBeside() {
  const container = document.querySelector('.MuiDialog-container')!;
  fireEvent.mouseDown(container);
  fireEvent.click(container);
}

describe('a form dialog (FormDialog: Nuova categoria)', () => {
  it('closes on Esc, a click beside it and Annulla at once while nothing was typed', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithProviders(<GroupFormDialog open onSubmit={async () => undefined} onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    clickBeside();
    expect(onClose).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: MSG.groups.cancel }));
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(question()).not.toBeInTheDocument();
  });

  it('asks on Esc when a name was typed: staying keeps the name, leaving closes', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithProviders(<GroupFormDialog open onSubmit={async () => undefined} onClose={onClose} />);
    await user.type(nameField(), 'Pulcini');
    await user.keyboard('{Escape}');
    expect(await screen.findByText(U.question)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: U.stay }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(nameField()).toHaveValue('Pulcini');
    expect(onClose).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: U.leave }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks on a click beside it and on Annulla when dirty; back to what it opened with, it closes at once', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithProviders(<GroupFormDialog open onSubmit={async () => undefined} onClose={onClose} />);
    await user.type(nameField(), 'X');
    clickBeside();
    expect(await screen.findByText(U.question)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: U.stay }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: MSG.groups.cancel }));
    expect(await screen.findByText(U.question)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: U.stay }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(nameField());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(question()).not.toBeInTheDocument();
  });
});

describe('a page (Importa partite with pasted cells)', () => {
  withStandInServer((req) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/config') return { status: 200, body: { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: 'Europe/Rome' } };
    if (url.pathname === '/api/gruppi') return { status: 200, body: { data: [], count: 0 } };
    return { status: 404, body: { error: 'Risorsa non trovata' } };
  });

  const app = (
    <>
      <Link to="/altrove">Altrove</Link>
      <Routes>
        <Route path="/importa-partite" element={<ImportPage />} />
        <Route path="/altrove" element={<h1>Pagina altrove</h1>} />
      </Routes>
    </>
  );
  const pasteArea = () => screen.getByRole('textbox', { name: IMPORT_MSG.pasteLabel });

  it('leaves at once while nothing was pasted', async () => {
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/importa-partite', store: signedInStore('editor') });
    await user.click(screen.getByRole('link', { name: 'Altrove' }));
    expect(await screen.findByRole('heading', { name: 'Pagina altrove' })).toBeInTheDocument();
    expect(question()).not.toBeInTheDocument();
  });

  it('asks before leaving with pasted cells: staying keeps them, leaving goes', async () => {
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/importa-partite', store: signedInStore('editor') });
    await user.click(pasteArea());
    await user.paste('01/10/2030;10:00;Garibaldina;Aquile');
    await user.click(screen.getByRole('link', { name: 'Altrove' }));
    expect(await screen.findByText(U.question)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: U.stay }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(pasteArea()).toHaveValue('01/10/2030;10:00;Garibaldina;Aquile');
    expect(screen.queryByRole('heading', { name: 'Pagina altrove' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Altrove' }));
    await user.click(await screen.findByRole('button', { name: U.leave }));
    expect(await screen.findByRole('heading', { name: 'Pagina altrove' })).toBeInTheDocument();
  });
});

describe('a react-hook-form dialog (Nuova chiusura: its isDirty and isSubmitting reach FormDialog)', () => {
  withStandInServer((req) => {
    if (req.url === '/api/chiusure' && req.method === 'GET') return { status: 200, body: { data: [], count: 0 } };
    // A save that takes a moment: the dialog stays open while it runs.
    if (req.url === '/api/chiusure' && req.method === 'POST') return { status: 201, body: { data: { id: 1, ...JSON.parse(req.body) } }, delayMs: 1500 };
    return { status: 404, body: { error: 'Risorsa non trovata' } };
  });
  const C = CHIUSURE_MSG;
  const dialog = () => screen.queryByRole('dialog', { name: C.add });
  const open = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: C.add }));
    return screen.findByRole('dialog', { name: C.add });
  };
  const nome = () => screen.getByRole('textbox', { name: new RegExp(`^${C.fields.nome}`) });

  it('closes at once untouched; asks on Esc and Annulla once a name is typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClosuresSection canEdit />, { store: signedInStore('editor') });
    await open(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog()).toBeNull());
    expect(question()).not.toBeInTheDocument();

    await open(user);
    await user.type(nome(), 'Natale');
    await user.keyboard('{Escape}');
    expect(await screen.findByText(U.question)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: U.stay }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(nome()).toHaveValue('Natale');

    await user.click(screen.getByRole('button', { name: C.cancel }));
    await user.click(await screen.findByRole('button', { name: U.leave }));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('stays open on Esc while saving, then closes with the saved closure', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClosuresSection canEdit />, { store: signedInStore('editor') });
    const form = await open(user);
    await user.type(nome(), 'Pasqua');
    fireEvent.change(form.querySelector('input[name="dal"]')!, { target: { value: '2030-04-18' } });
    await user.click(screen.getByRole('button', { name: C.save }));
    expect(await screen.findByRole('button', { name: C.saving })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();
    expect(question()).not.toBeInTheDocument();
    expect(await screen.findByText(C.created)).toBeInTheDocument();
    await waitFor(() => expect(dialog()).toBeNull());
  });
});
