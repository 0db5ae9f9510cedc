import { PALETTE, withAlpha } from './palette';

describe('palette', () => {
  it('writes a #rrggbb colour as rgba() with an opacity', () => {
    expect(withAlpha(PALETTE.primary, 0.7)).toBe('rgba(13,71,161,0.7)');
    expect(withAlpha('#ffffff', 0)).toBe('rgba(255,255,255,0)');
  });
});
