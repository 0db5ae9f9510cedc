/**
 * The club's colours, in one place for every surface that draws them: MUI's theme
 * (src/app/theme.ts), the server's HTML of / (server/shared/public-home.ts), the web app manifest
 * (vite.config.ts) and the screens that colour icons and chips by hand. Each meets WCAG AA with
 * white text (docs/public-page.md, accessibility); index.html's first paint repeats primary and background as literals.
 */
export const PALETTE = {
  primary: '#0d47a1',
  /** What MUI's contained button turns primary into on hover (its darken by 0.3). */
  primaryHover: '#093170',
  secondary: '#c62828',
  /** MUI's default info blue (#0288d1) has white text at 3.85:1; this darker one is 7.4:1. */
  info: '#01579b',
  success: '#2e7d32',
  /** MUI's warning orange (#ed6c02) is 3.1:1 with white, as text on white or under white text; this one is 5.0:1 both ways. */
  warning: '#b45309',
  background: '#f4f6fa',
  /** The focus ring of the server page's controls. */
  focus: '#3d6bb3',
} as const;

/** Corner radius of papers and buttons, in px (MUI's shape.borderRadius). */
export const RADIUS = 8;

/** A '#rrggbb' colour as rgba() with the given opacity. */
export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r},${g},${b},${alpha})`;
}
