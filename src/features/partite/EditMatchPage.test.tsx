import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, setTestApiOrigin, signedInStore } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import { startStandInServer, type StandInServer } from '../../api/testServer';
import EditMatchPage from './EditMatchPage';

// The edit screen tells a read that failed (no connection) from a match that is not there (docs/partite.md, reading matches).
describe('the edit screen when its match cannot be read', () => {
  let server: StandInServer;
  beforeAll(async () => {
    server = await startStandInServer(() => ({ status: 404, body: { error: MSG.match.notFound } }));
  });
  afterAll(async () => {
    setTestApiOrigin(null);
    await server.close();
  });

  const open = () => {
    const store = signedInStore('editor');
    return renderWithProviders(
      <Routes>
        <Route path="/modifica-partita/:id" element={<EditMatchPage />} />
      </Routes>,
      { store, route: '/modifica-partita/7' },
    );
  };

  it("a missing match: 'Partita non trovata!'", async () => {
    setTestApiOrigin(server.origin);
    open();
    expect(await screen.findByText(MSG.match.loadNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG.screens.retry })).toBeNull();
  });

  it('no connection: the connection message and a retry, never "not found"', async () => {
    // Nothing listens on port 9 of this machine: the request fails as without a network.
    setTestApiOrigin('http://127.0.0.1:9');
    open();
    expect(await screen.findByText(MSG.http.network, undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.screens.retry })).toBeInTheDocument();
    expect(screen.queryByText(MSG.match.loadNotFound)).toBeNull();
  }, 30_000);
});
