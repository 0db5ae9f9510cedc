import { choicesOf } from './grid';
import type { Allenamento } from '../../../common/trainings/rules';

const serie = (id: number, gruppo: string, campo: string) => ({ id, gruppo, campo, giorno: 1, oraInizio: '18:00', oraFine: '19:00', dal: '2026-09-01', al: '2027-06-30', spogliatoi: [], saltate: [] }) as unknown as Allenamento;

describe('choicesOf', () => {
  it('offers the categories by age (common/groups/order.ts), the pitches alphabetically', () => {
    const choices = choicesOf([serie(1, 'Allievi', 'Campo B'), serie(2, 'Amatori', 'campo a'), serie(3, 'Pulcini 2015', 'Campo B'), serie(4, 'Primi Calci', 'Comunale'), serie(5, 'allievi', 'Comunale')]);
    expect(choices.gruppi).toEqual(['Primi Calci', 'Pulcini 2015', 'Allievi', 'Amatori']);
    expect(choices.campi).toEqual(['campo a', 'Campo B', 'Comunale']);
  });
});
