import type { OccupancyMatch, OccupancyTraining } from '../../../common/occupancy/types';
import { columnsOf, itemsOf, placementsOf } from './board';
import { fractionOf } from './layout';

const match = (over: Partial<OccupancyMatch>): OccupancyMatch => ({
  id: 10,
  data: '2026-11-25',
  ora: '17:00',
  ora_fine: '18:30',
  squadracasa: 'Garibaldina 2014',
  squadratrasferta: 'Rivale',
  gruppo: 'Esordienti',
  campo: 'Campo Comunale',
  is_house_match: true,
  spogliatoio_gari: 1,
  spogliatoio_ospiti: 2,
  terreno: null,
  tipo_gara: 'campionato',
  conflitti: [],
  ...over,
});
const training = (over: Partial<OccupancyTraining>): OccupancyTraining => ({
  id: 5,
  data: '2026-11-25',
  gruppo: 'Esordienti',
  campo: 'Campo Comunale',
  oraInizio: '18:00',
  oraFine: '19:30',
  spogliatoi: [2, 3],
  conflitti: [],
  ...over,
});

/** The left and width (fractions) of every block of a column, by key. */
const widths = (items: ReturnType<typeof itemsOf>) => {
  const placed = placementsOf(items);
  return Object.fromEntries(items.map((i) => [i.key, fractionOf(placed.get(i.key)!)]));
};

describe('the board with trainings (docs/occupancy.md, docs/trainings.md)', () => {
  it("puts a training in its pitch's column (spelled as the rule compares) and in each of its rooms' columns", () => {
    const items = itemsOf([match({})], [training({ campo: 'campo  comunale' }), training({ id: 6, campo: 'Campo B', spogliatoi: [], oraInizio: '09:00', oraFine: '10:00' })]);
    const columns = columnsOf(items);
    expect(columns.map((c) => [c.label, c.items.map((i) => i.key)])).toEqual([
      ['Campo B', ['allenamento:6:2026-11-25']],
      ['Campo Comunale', ['partita:10', 'allenamento:5:2026-11-25']],
      ['Spogliatoio 1', ['partita:10']],
      ['Spogliatoio 2', ['partita:10', 'allenamento:5:2026-11-25']],
      ['Spogliatoio 3', ['allenamento:5:2026-11-25']],
    ]);
  });

  it('lays matches and trainings out together: overlapping, they share the width; apart, each takes it all', () => {
    const overlapping = itemsOf([match({})], [training({})]);
    expect(widths(overlapping)).toEqual({ 'partita:10': { left: 0, width: 0.5 }, 'allenamento:5:2026-11-25': { left: 0.5, width: 0.5 } });
    const apart = itemsOf([match({})], [training({ oraInizio: '18:30', oraFine: '20:00' })]);
    expect(widths(apart)).toEqual({ 'partita:10': { left: 0, width: 1 }, 'allenamento:5:2026-11-25': { left: 0, width: 1 } });
  });

  it('leaves away matches out, keeps a day when asked, and orders by start', () => {
    const items = itemsOf(
      [match({ id: 1, is_house_match: false }), match({ id: 2, ora: '20:00', ora_fine: '21:00' }), match({ id: 3, data: '2026-11-26' })],
      [training({}), training({ data: '2026-11-26' })],
      '2026-11-25',
    );
    expect(items.map((i) => i.key)).toEqual(['allenamento:5:2026-11-25', 'partita:2']);
  });
});
