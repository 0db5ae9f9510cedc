import { fractionOf, layoutColumn, type Span } from './layout';

type Block = Span & { id: string };
const h = (hhmm: string) => {
  const [hh, mm] = hhmm.split(':').map(Number);
  return hh * 60 + mm;
};
const block = (id: string, from: string, to: string): Block => ({ id, start: h(from), end: h(to) });
const layout = (...blocks: Block[]) => {
  const placed = layoutColumn(blocks, (b) => b.id);
  return Object.fromEntries(blocks.map((b) => [b.id, fractionOf(placed.get(b.id)!)]));
};
const FULL = { left: 0, width: 1 };

describe('layoutColumn (occupancy board, docs/occupancy.md)', () => {
  it('gives a block that overlaps nothing the whole column', () => {
    expect(layout(block('a', '10:00', '11:30'))).toEqual({ a: FULL });
  });

  it('gives blocks that follow one another (even back to back) the whole column each', () => {
    expect(layout(block('a', '09:00', '10:00'), block('b', '10:00', '11:30'), block('c', '15:00', '16:00'))).toEqual({ a: FULL, b: FULL, c: FULL });
  });

  it('halves the width of two overlapping blocks, and only theirs', () => {
    expect(layout(block('a', '10:00', '11:30'), block('b', '11:00', '12:00'), block('c', '15:00', '16:00'))).toEqual({
      a: { left: 0, width: 0.5 },
      b: { left: 0.5, width: 0.5 },
      c: FULL,
    });
  });

  it('puts a chain A-B, B-C in one cluster of two lanes, C back in the first lane', () => {
    const placed = layoutColumn([block('a', '10:00', '11:00'), block('b', '10:30', '11:30'), block('c', '11:00', '12:00')], (b) => b.id);
    expect(placed.get('a')).toEqual({ lane: 0, span: 1, lanes: 2 });
    expect(placed.get('b')).toEqual({ lane: 1, span: 1, lanes: 2 });
    expect(placed.get('c')).toEqual({ lane: 0, span: 1, lanes: 2 });
  });

  it('gives three blocks overlapping at once a third each, whatever their order in the input', () => {
    const expected = { a: { left: 0, width: 1 / 3 }, b: { left: 1 / 3, width: 1 / 3 }, c: { left: 2 / 3, width: 1 / 3 } };
    expect(layout(block('c', '10:30', '11:15'), block('a', '10:00', '12:00'), block('b', '10:15', '11:30'))).toEqual(expected);
  });

  it('puts the longer of two blocks starting together on the left', () => {
    expect(layout(block('short', '10:00', '10:30'), block('long', '10:00', '12:00'))).toEqual({
      long: { left: 0, width: 0.5 },
      short: { left: 0.5, width: 0.5 },
    });
  });

  it('widens a block over the lanes on its right that are free for its whole time', () => {
    // a holds lane 0 all morning; b and c take lanes 1 and 2 early; d comes when both are free.
    const placed = layoutColumn(
      [block('a', '10:00', '13:00'), block('b', '10:00', '11:00'), block('c', '10:00', '11:30'), block('d', '12:00', '13:00')],
      (b) => b.id,
    );
    expect(placed.get('a')).toEqual({ lane: 0, span: 1, lanes: 3 });
    // c is the longer of b and c, so it takes the lane next to a.
    expect(placed.get('c')).toEqual({ lane: 1, span: 1, lanes: 3 });
    expect(placed.get('b')).toEqual({ lane: 2, span: 1, lanes: 3 });
    expect(placed.get('d')).toEqual({ lane: 1, span: 2, lanes: 3 });
  });

  it('never lets two overlapping blocks share any width', () => {
    const blocks = [
      block('a', '09:00', '10:30'),
      block('b', '09:30', '11:00'),
      block('c', '10:00', '10:45'),
      block('d', '10:30', '12:00'),
      block('e', '11:00', '11:30'),
      block('f', '14:00', '15:00'),
    ];
    const placed = layout(...blocks);
    for (const x of blocks) {
      for (const y of blocks) {
        if (x === y || !(x.start < y.end && y.start < x.end)) continue;
        const [p, q] = [placed[x.id], placed[y.id]];
        expect(p.left + p.width <= q.left + 1e-9 || q.left + q.width <= p.left + 1e-9).toBe(true);
      }
    }
    expect(placed.f).toEqual(FULL);
  });

  it('lays out nothing for an empty column', () => {
    expect(layoutColumn([], (b: Block) => b.id).size).toBe(0);
  });
});
