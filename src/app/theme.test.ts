import { rgbToHex } from '@mui/material/styles';
import { PALETTE, RADIUS } from '../../common/palette';
import { theme } from './theme';

describe('theme', () => {
  it('draws with common/palette.ts, whose hover colour is the one MUI derives for contained buttons (the server page repeats it)', () => {
    expect(theme.palette.primary.main).toBe(PALETTE.primary);
    expect(rgbToHex(theme.palette.primary.dark)).toBe(PALETTE.primaryHover);
    expect(theme.palette.secondary.main).toBe(PALETTE.secondary);
    expect(theme.palette.info.main).toBe(PALETTE.info);
    expect(theme.palette.success.main).toBe(PALETTE.success);
    expect(theme.palette.background.default).toBe(PALETTE.background);
    expect(theme.shape.borderRadius).toBe(RADIUS);
  });
});
