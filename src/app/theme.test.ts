import { rgbToHex } from '@mui/material/styles';
import { PALETTE } from '../../common/core/palette';
import { theme } from './theme';

describe('theme', () => {
  it('draws with common/core/palette.ts, whose hover colour is the one MUI derives for contained buttons (the server page repeats it)', () => {
    // The club's colours, each at least 4.5:1 with white text (docs/public-page.md, accessibility).
    expect(theme.palette.primary.main).toBe('#0d47a1');
    expect(theme.palette.secondary.main).toBe('#c62828');
    expect(theme.palette.info.main).toBe('#01579b');
    expect(theme.palette.success.main).toBe('#2e7d32');
    expect(theme.palette.background.default).toBe('#f4f6fa');
    expect(theme.shape.borderRadius).toBe(8);
    // What MUI derives for a contained button's hover is what the server page writes by hand.
    expect(rgbToHex(theme.palette.primary.dark)).toBe(PALETTE.primaryHover);
  });
});
