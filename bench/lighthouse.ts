// Lighthouse mobile on the public page with 30 upcoming matches (issue 13 item 2): performance,
// accessibility, best practices and SEO, with LCP and TBT; median of 3 runs (default; LH_RUNS to change).
// Usage: npm run bench:lighthouse   (after a build; CLIENT_DIR for another folder; DATABASE_URL optional)
// A benchmark, not part of npm test. Uses the Debian Chromium with e2e/browser.ts's flags. Lighthouse 13
// asks for Node 22.19+ in its engines; it runs here on Node 20.
import path from 'node:path';
import dayjs from 'dayjs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import globalSetup from '../test/global-setup';
import globalTeardown from '../test/global-teardown';
import { createTestApp } from '../test/app';
import { todayIn } from '../common/dates';
import { CHROMIUM_PATH } from '../e2e/browser';

const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const RUNS = Number(process.env.LH_RUNS ?? 3);
const TARGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;

async function main() {
  await globalSetup();
  const t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--lang=it-IT'],
    envVars: { ...process.env, LANGUAGE: 'it_IT:it' } as Record<string, string>,
  });
  try {
    await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
    const today = dayjs(todayIn('Europe/Rome'));
    for (let i = 0; i < 30; i++) {
      const home = i % 2 === 0;
      await t.db.pool.query(
        `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match)
         VALUES ($1, '15:00', $2, $3, $4, $5, $6, 'erba', $7, $8)`,
        [
          today.add(1 + i, 'day').format('YYYY-MM-DD'),
          home ? '16:30' : null,
          home ? 'Garibaldina Pulcini' : `Avversari ${i}`,
          home ? `Avversari ${i}` : 'Garibaldina Esordienti',
          home ? 'Pulcini' : 'Esordienti',
          home ? 'Stadio Garibaldi' : `Campo ${i}`,
          ['campionato', 'torneo', 'amichevole'][i % 3],
          home,
        ],
      );
    }
    const runs: Array<Record<string, number>> = [];
    for (let i = 0; i < RUNS; i++) {
      // Mobile preset (the default): a mid-range phone on slow 4G, simulated throttling.
      const result = await lighthouse(`${t.url}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error('Lighthouse non ha prodotto un risultato');
      const { categories, audits } = result.lhr;
      const row: Record<string, number> = {
        performance: Math.round((categories.performance.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
        'best-practices': Math.round((categories['best-practices'].score ?? 0) * 100),
        seo: Math.round((categories.seo.score ?? 0) * 100),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue ?? 0),
      };
      runs.push(row);
      const failing = Object.values(categories)
        .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => audits[r.id]))
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .map((a) => a.id);
      console.log(`run ${i + 1}: ${JSON.stringify(row)}${failing.length ? `  audit non pieni: ${failing.join(', ')}` : ''}`);
      // Where the main thread's time went (what TBT is made of), as Lighthouse reports it.
      const breakdown = (audits['mainthread-work-breakdown'].details as { items?: Array<{ groupLabel: string; duration: number }> } | undefined)?.items ?? [];
      // Which element was the largest paint (the server's HTML or React's): where LCP comes from.
      const lcpItems = JSON.stringify(audits['largest-contentful-paint-element']?.details ?? audits['lcp-breakdown-insight']?.details ?? Object.keys(audits).filter((k) => /lcp|largest/.test(k))).replace(/\\"/g, "'");
      const selector = /"selector":"([^"]*)"/.exec(lcpItems)?.[1];
      const snippet = /"snippet":"([^"]*)"/.exec(lcpItems)?.[1];
      console.log(`  elemento LCP: ${selector ?? lcpItems.slice(0, 300)} ${snippet ?? ''}; FCP ${Math.round(audits['first-contentful-paint'].numericValue ?? 0)} ms`);
      console.log(`  thread principale: ${breakdown.map((b) => `${b.groupLabel} ${Math.round(b.duration)} ms`).join(', ')}`);
    }
    const median = (key: string) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const keys = ['performance', 'accessibility', 'best-practices', 'seo', 'lcpMs', 'tbtMs'];
    const summary = Object.fromEntries(keys.map((k) => [k, median(k)]));
    console.log(`Lighthouse mobile su / con 30 partite, mediana di ${RUNS}: prestazioni ${summary.performance}, accessibilità ${summary.accessibility}, best practice ${summary['best-practices']}, SEO ${summary.seo}; LCP ${(summary.lcpMs / 1000).toFixed(2)} s, TBT ${summary.tbtMs} ms`);
    const ok = (Object.keys(TARGET) as Array<keyof typeof TARGET>).every((k) => summary[k] >= TARGET[k]);
    console.log(`Obiettivo (issue 13): prestazioni >= 95, le altre 100 -> ${ok ? 'OK' : 'NON RAGGIUNTO'}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await chrome.kill();
    await t.close();
    await globalTeardown();
  }
}

await main();
