// Issue 32 on the edit screen: the delete's confirmation button says 'Elimina' (not 'Conferma') and
// its text names the match; 'Duplica' opens the add form without the date and times, the focus on the date.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, setTestApiOrigin, signedInStore, withStandInServer } from '../../../test/render';
import { editScreenSections } from '../../../test/edit-screen';
import { MSG } from '../../../common/core/messages';
import { todayIn } from '../../../common/core/dates';
import EditMatchPage from './EditMatchPage';
import AddMatchPage from './AddMatchPage';

const TZ = 'Europe/Rome';
const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: TZ };
const DAY = dayjs(todayIn(TZ)).add(10, 'day').format('YYYY-MM-DD');
const HOME = {
  id: 7, data: DAY, ora: '10:00:00', ora_fine: '11:30:00', squadracasa: 'Garibaldina 2013', squadratrasferta: 'Aquile', gruppo: 'Pulcini',
  campo: 'Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: null, tipo_gara: 'campionato', stato: 'programmata', motivo_stato: null,
};

describe('the edit screen’s delete and Duplica', () => {
  const server = withStandInServer((req) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/config') return { status: 200, body: CONFIG };
    if (url.pathname === '/api/gruppi') return { status: 200, body: { data: [{ id: 1, name: 'Pulcini', created_at: '2026-09-01T10:00:00Z', components: [] }], count: 1 } };
    if (url.pathname === '/api/partite/conflitti') return { status: 200, body: { conflitti: [] } };
    if (url.pathname === '/api/partite/7' && req.method === 'GET') return { status: 200, body: { data: HOME } };
    if (url.pathname === '/api/partite/7' && req.method === 'DELETE') return { status: 200, body: { success: true, data: { id: 7 } } };
    const section = editScreenSections(req.method, url.pathname, [HOME]);
    if (section) return section;
    return { status: 200, body: { data: [] } };
  });
  const open = (route: string) =>
    renderWithProviders(
      <Routes>
        <Route path="/modifica-partita/:id" element={<EditMatchPage />} />
        <Route path="/aggiungi-partita" element={<AddMatchPage />} />
      </Routes>,
      { store: signedInStore('editor'), route },
    );
  const picker = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

  it("the delete asks naming the match, and its button says 'Elimina'", async () => {
    setTestApiOrigin(server.origin);
    const user = userEvent.setup();
    open('/modifica-partita/7');
    await screen.findByRole('heading', { name: MSG.match.editTitle });
    await user.click(screen.getByRole('button', { name: MSG.match.delete }));
    const dialog = await screen.findByRole('dialog', { name: MSG.match.confirmDeleteTitle });
    expect(dialog).toHaveTextContent(MSG.match.confirmDeleteText('Garibaldina 2013', 'Aquile'));
    expect(within(dialog).queryByRole('button', { name: 'Conferma' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/partite/7']));
    expect(await screen.findByText(MSG.match.deleted)).toBeInTheDocument();
  });

  it("'Duplica': the match's fields without date and times, the focus on the date", async () => {
    setTestApiOrigin(server.origin);
    const user = userEvent.setup();
    open('/modifica-partita/7');
    await screen.findByRole('heading', { name: MSG.match.editTitle });
    await user.click(screen.getByRole('link', { name: MSG.match.duplicate }));
    await screen.findByRole('heading', { name: MSG.match.duplicateTitle });
    expect(screen.getByRole('combobox', { name: MSG.match.labels.campo })).toHaveValue('Comunale');
    expect(screen.getByRole('combobox', { name: MSG.match.labels.squadraTrasferta })).toHaveValue('Aquile');
    expect(picker('data').value).toBe('');
    expect(picker('ora').value).toBe('');
    expect(picker('oraFine').value).toBe('');
    // The date field (its first section) has the focus.
    await waitFor(() => expect(screen.getByRole('group', { name: MSG.match.labels.data }).contains(document.activeElement)).toBe(true));
    // Nothing to clash with: no warning about the original's date and time.
    expect(screen.queryByTestId('clash-warnings')).toBeNull();
  });
});
