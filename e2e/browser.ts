import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// E2E_CLIENT_DIR lets a build in another folder be tested while dist/ is being rebuilt.
export const CLIENT_DIR = path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client');

/** Real Chromium (Debian package), headless, with no outside network chatter. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium non trovato in ${CHROMIUM_PATH}: installa il pacchetto Debian 'chromium' o imposta CHROMIUM_PATH`);
  }
  if (!fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    throw new Error("SPA non compilata: esegui 'npm run build' (npm test lo fa da sé)");
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // Native date inputs show dd/mm/yyyy, as on an Italian office PC.
      '--lang=it-IT',
    ],
    // On Linux Chromium ignores --lang and takes its locale from the environment; it also needs the
    // Italian locale pack (Debian package chromium-l10n), else it stays on en-US.
    env: { ...process.env, LANGUAGE: 'it_IT:it' },
  });
}

/** A page in a fresh context (own storage), 1366x800 like an office desktop, Italian locale. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  context.setDefaultTimeout(15000);
  return context.newPage();
}

/** Saves a screenshot under e2e/screenshots (ignored by git) to look at what a person sees. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/**
 * Where the public page's parts sit (left, top, width, height, rounded): the elements named by
 * `selectors`, and the sizes of the first `cards` match cards (their places depend on what is above).
 * The server's HTML and React's are compared with it (docs/public-page.md: React takes over without a jump).
 */
export function publicPageLook(page: Page, selectors: Record<string, string>, cards = Infinity) {
  return page.evaluate(
    ({ selectors, cards }) => {
      const box = (e: Element | null) => {
        const r = e!.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height].map(Math.round);
      };
      const parts = Object.fromEntries(Object.entries(selectors).map(([name, sel]) => [name, box(document.querySelector(sel))]));
      const sizes = [...document.querySelectorAll('[data-testid="match-card"]')].slice(0, cards).map((c) => box(c).slice(2));
      return { ...parts, cards: sizes };
    },
    { selectors, cards: Number.isFinite(cards) ? cards : 10_000 },
  );
}
