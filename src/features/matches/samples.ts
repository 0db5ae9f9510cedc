import dayjs from 'dayjs';
import type { Partita } from '../../../common/matches/read';

/** The three sample matches shown, with a banner, when the dashboard cannot load (docs/matches.md). */
export function sampleMatches(today: string, clubName: string): Partita[] {
  const day = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');
  return [
    {
      id: -1, data: day(2), ora: '15:00:00', ora_fine: '16:30:00', squadracasa: `${clubName} Pulcini`, squadratrasferta: 'Esempio Calcio',
      gruppo: 'Pulcini', campo: 'Stadio Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: 'erba', tipo_gara: 'campionato',
    },
    {
      id: -2, data: day(4), ora: '10:30:00', ora_fine: null, squadracasa: 'Polisportiva Esempio', squadratrasferta: `${clubName} Esordienti`,
      gruppo: 'Esordienti', campo: 'Campo Sportivo Esempio', is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: 'sintetico', tipo_gara: 'torneo',
    },
    {
      id: -3, data: day(7), ora: '17:00:00', ora_fine: '18:30:00', squadracasa: `${clubName} Allievi`, squadratrasferta: 'Atletico Esempio',
      gruppo: 'Allievi', campo: 'Stadio Comunale', is_house_match: true, spogliatoio_gari: 3, spogliatoio_ospiti: 4, terreno: 'erba', tipo_gara: 'amichevole',
    },
  ];
}
