import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { expectCount } from './expect';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) over what a page shows now, in real Chromium (docs/screens.md,
 * accessibility): the serious and critical violations and the field labels cut short, each as one line
 * naming the screen. The page's context needs `bypassCSP: true` (axe is injected as a script).
 */
const AXE_PATH = createRequire(__filename).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

export async function audit(page: Page, screen: string, { bars = 0 } = {}): Promise<string[]> {
  // The screen as a person finds it once loaded: no spinner or loading bar left (axe checks those too,
  // in the pages that show them); `bars` progress bars that belong to the screen (a password's strength).
  await expectCount(page.getByRole('progressbar'), bars);
  await page.addScriptTag({ path: AXE_PATH });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations;
  })) as Violation[];
  await screenshot(page, `a11y-${screen.replace(/[^a-z0-9]+/gi, '-')}`);
  // No field label cut short ('Nuova data (facoltat...'; docs/screens.md).
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('label.MuiInputLabel-root, legend span')]
      .filter((el) => (el as HTMLElement).offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent ?? ''),
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)
    .concat(cut.map((label) => `${screen}: etichetta tagliata '${label}'`));
}
