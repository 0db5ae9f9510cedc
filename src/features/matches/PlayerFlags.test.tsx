// docs/players.md (expiry alerts): the signed-in dashboard's cards flag the players whose certificate will not cover
// the match day ('2 giocatori non idonei'), from one read of GET /api/giocatori/avvisi-partite for the days shown
// (at most 62); the server answers only the categories the caller follows, so a reader who follows none sees no flag.
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderWithProviders, signedInStore, withStandInServer } from '../../../test/render';
import { todayIn } from '../../../common/core/dates';
import { sanitizePartite } from '../../../common/matches/read';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import { AVVISI_PARTITE_GIORNI_MAX } from '../../../common/players/rules';
import { api, listTag } from '../../api/api';
import { AVVISI_PERIODO_GIORNI, playerAlertsApi } from '../../api/playerAlertsApi';
import DashboardPage from './DashboardPage';
import { matchesApi } from './matchesApi';

const TZ = 'Europe/Rome';
const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: TZ };
const TODAY = todayIn(TZ);
const DAY = dayjs(TODAY).add(3, 'day').format('YYYY-MM-DD');
const FAR = dayjs(TODAY).add(80, 'day').format('YYYY-MM-DD');
const MATCH = {
  id: 7, data: DAY, ora: '10:00:00', ora_fine: '11:30:00', squadracasa: 'Garibaldina 2013', squadratrasferta: 'Aquile', gruppo: 'Pulcini',
  campo: 'Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: null, tipo_gara: 'campionato', stato: 'programmata', motivo_stato: null,
};
const OTHER = { ...MATCH, id: 8, ora: '15:00:00', ora_fine: '16:30:00', squadratrasferta: 'Falchi', gruppo: 'Esordienti' };
const LATER = { ...MATCH, id: 9, data: FAR, squadratrasferta: 'Lupi' };

/** What the server answers: by match id, the matches with players who may not play (the categories one follows). */
let avvisi: Record<string, { nonIdonei: number }> = {};
const server = withStandInServer((req) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/api/config') return { status: 200, body: CONFIG };
  if (url.pathname === '/api/giocatori/avvisi-partite') return { status: 200, body: { data: avvisi } };
  if (url.pathname === '/api/designazioni') return { status: 200, body: { data: {} } };
  return { status: 200, body: { data: [] } };
});
beforeEach(() => {
  avvisi = { 7: { nonIdonei: 2 }, 8: { nonIdonei: 1 } };
});

const open = (role: 'reader' | 'editor') => {
  const store = signedInStore(role);
  // The list is read through supabase-js: the test puts it in the cache as that read would.
  void store.dispatch(matchesApi.util.upsertQueryData('getPartite', TODAY, sanitizePartite([MATCH, OTHER, LATER])));
  renderWithProviders(<DashboardPage />, { store });
  return store;
};
const card = async (id: number) => (await screen.findAllByTestId('match-card')).find((c) => c.getAttribute('data-match-id') === String(id))!;
const reads = () => server.requests.filter((r) => r.url.startsWith('/api/giocatori/avvisi-partite')).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));

it('the cards show how many players may not play, with what it means; one read from today, at most 62 days', async () => {
  open('reader');
  const flag = await within(await card(7)).findByTestId('match-non-idonei');
  expect(flag).toHaveTextContent(/^2 giocatori non idonei$/);
  expect(flag).toHaveAttribute('title', GIOCATORI_MSG.cardFlagHint);
  expect(within(await card(8)).getByTestId('match-non-idonei')).toHaveTextContent(/^1 giocatore non idoneo$/);
  expect(within(await card(9)).queryByTestId('match-non-idonei')).toBeNull();
  // The last match is 80 days ahead: the read stops at the server's widest period.
  expect(AVVISI_PERIODO_GIORNI).toBe(AVVISI_PARTITE_GIORNI_MAX);
  expect(reads()).toEqual([{ dal: TODAY, al: dayjs(TODAY).add(61, 'day').format('YYYY-MM-DD') }]);
});

it('no flag where the server answers none (a reader who follows no category)', async () => {
  avvisi = {};
  const store = open('reader');
  // The answer is in the cache (the cards are drawn with it), and no card is flagged.
  const period = { dal: TODAY, al: dayjs(TODAY).add(61, 'day').format('YYYY-MM-DD') };
  await waitFor(() => expect(playerAlertsApi.endpoints.getAvvisiPartite.select(period)(store.getState()).data).toEqual({}));
  for (const id of [7, 8, 9]) expect(within(await card(id)).queryByTestId('match-non-idonei')).toBeNull();
});

it('a player saved elsewhere reads the flags again: a renewed certificate takes the flag away', async () => {
  const store = open('editor');
  await within(await card(8)).findByTestId('match-non-idonei');
  avvisi = { 7: { nonIdonei: 2 } };
  // What saving a player does (src/features/players/playersApi.ts invalidates the players' list).
  store.dispatch(api.util.invalidateTags([listTag('Player')]));
  await waitFor(async () => expect(within(await card(8)).queryByTestId('match-non-idonei')).toBeNull());
  expect(within(await card(7)).getByTestId('match-non-idonei')).toHaveTextContent('2 giocatori non idonei');
  expect(reads()).toHaveLength(2);
});
