import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setTestApiOrigin } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import { todayIn } from '../../../common/core/dates';
import type { Partita } from '../../../common/matches/read';
import { startStandInServer, type StandInServer } from '../../../test/stand-in-server';
import { parsePublicConfig } from '../../config/publicConfig';
import { MatchCard } from './MatchCard';
import { MatchForm } from './MatchForm';
import { EMPTY_VALUES } from './matchFormValues';

// The server runs with CLUB_NAME=Audace Pescia and an APP_TIMEZONE a day ahead of the machine's usual ones.
const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Audace Pescia', timezone: 'Pacific/Kiritimati' };

describe("the club's name and timezone come from GET /api/config", () => {
  let server: StandInServer;
  beforeAll(async () => {
    server = await startStandInServer((req) => {
      if (req.url === '/api/config') return { status: 200, body: CONFIG };
      if (req.url === '/api/gruppi') return { status: 200, body: { data: [{ id: 1, name: 'Juniores', created_at: '', components: [] }], count: 1 } };
      return { status: 200, body: { data: [] } };
    });
    setTestApiOrigin(server.origin);
  });
  afterAll(async () => {
    setTestApiOrigin(null);
    await server.close();
  });

  it('highlights the configured club on a card, not the default one', async () => {
    const p: Partita = {
      id: 1, data: '2099-05-01', ora: '10:00:00', ora_fine: null, squadracasa: 'Garibaldina Allievi', squadratrasferta: 'Audace Pescia Allievi',
      gruppo: 'Allievi', campo: 'Comunale', is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: null, tipo_gara: 'campionato',
    };
    renderWithProviders(<MatchCard partita={p} />);
    await waitFor(() => expect(screen.getByText('Audace Pescia Allievi')).toHaveAttribute('data-club', 'true'));
    expect(screen.getByText('Garibaldina Allievi')).not.toHaveAttribute('data-club');
  });

  it("makes a match with the club's name in the home team a home match", async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    // Today in a timezone 25 hours behind Kiritimati: always before the club's today there.
    const initial = { ...EMPTY_VALUES, data: todayIn('Pacific/Pago_Pago'), ora: '10:00', squadraTrasferta: 'Ospiti', campo: 'Comunale', gruppo: 'Juniores', tipoGara: 'campionato' };
    renderWithProviders(<MatchForm mode="create" title="t" initial={initial} busy={false} saveLabel="Salva" busyLabel="..." onSave={onSave} onCancel={() => undefined} />);
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/config')).toBe(true));
    await user.type(screen.getByLabelText(/^Squadra di casa/), 'Audace Pescia Juniores');
    const home = screen.getByRole('switch', { name: MSG.match.homeMatch });
    await waitFor(() => expect(home).toBeChecked());
    expect(home).toBeDisabled();
    // The end is proposed from the category's usual length (docs/planning.md; Juniores: 105 minutes).
    expect(await screen.findByText(MSG.match.endProposed(105))).toBeInTheDocument();
    expect(screen.getByTestId('form-error')).not.toHaveTextContent(MSG.match.labels.oraFine);
  });

  it('reads the date rule in the configured timezone', async () => {
    const user = userEvent.setup();
    const initial = { ...EMPTY_VALUES, data: todayIn('Pacific/Pago_Pago'), ora: '10:00', squadraTrasferta: 'Ospiti', campo: 'Comunale', gruppo: 'Juniores', tipoGara: 'campionato' };
    renderWithProviders(<MatchForm mode="create" title="t" initial={initial} busy={false} saveLabel="Salva" busyLabel="..." onSave={jest.fn()} onCancel={() => undefined} />);
    await user.type(screen.getByLabelText(/^Squadra di casa/), 'Rivali');
    await waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent(MSG.match.futureDate));
  });
});

describe('parsePublicConfig', () => {
  it('keeps the defaults of the server when fields are missing or unusable', () => {
    expect(parsePublicConfig({ supabaseUrl: '/', supabaseAnonKey: 'k' }, 'http://x.it')).toEqual({
      supabaseUrl: 'http://x.it',
      supabaseAnonKey: 'k',
      clubName: 'Garibaldina',
      timezone: 'Europe/Rome',
      clashMarginMinutes: 15,
    });
    // CLASH_MARGIN_MINUTES (docs/occupancy.md) as the server sends it; anything else keeps the default.
    expect(parsePublicConfig({ clashMarginMinutes: 0 }, 'http://x.it').clashMarginMinutes).toBe(0);
    expect(parsePublicConfig({ clashMarginMinutes: 30 }, 'http://x.it').clashMarginMinutes).toBe(30);
    for (const bad of ['30', -1, 2.5, 121, null]) expect(parsePublicConfig({ clashMarginMinutes: bad }, 'http://x.it').clashMarginMinutes).toBe(15);
    expect(parsePublicConfig({ clubName: ' Audace ', timezone: 'Marte/Olimpo' }, 'http://x.it')).toMatchObject({ clubName: 'Audace', timezone: 'Europe/Rome', supabaseAnonKey: null });
    expect(parsePublicConfig({ timezone: 'America/New_York' }, 'http://x.it').timezone).toBe('America/New_York');
  });
});
