import { numberInOrder } from './sheetForm';

const righe = (...numeri: string[]) => numeri.map((numero, i) => ({ giocatore: i + 1, numero }));

describe("'Numera in ordine'", () => {
  it('numbers a sheet without numbers 1..N in its order', () => {
    expect(numberInOrder(righe('', '', '', ''))).toEqual(['1', '2', '3', '4']);
  });
  it('keeps the numbers typed and skips them', () => {
    expect(numberInOrder(righe('', '2', '', ' 1 ', ''))).toEqual(['3', '2', '4', ' 1 ', '5']);
  });
  it('leaves a line blank when 1-99 are all taken', () => {
    const full = Array.from({ length: 99 }, (_, i) => String(i + 1));
    expect(numberInOrder(righe(...full, '')).at(-1)).toBe('');
  });
});
