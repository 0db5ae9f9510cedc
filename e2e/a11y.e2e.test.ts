import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/app';
import { todayIn } from '../common/core/dates';
import { bearer, createUser, type TestUser } from '../test/users';
import { linkIn } from '../test/smtp';
import { runOnce } from '../server/features/notifications/worker';
import { CONVOCAZIONI_MSG } from '../common/callups/messages';
import { CLIENT_DIR, launchBrowser } from './browser';
import { signIn } from './session';
import { expectCount } from './expect';
import { audit } from './axe';
import { MSG } from '../common/core/messages';
import { STATUS_MSG } from '../common/status/rules';

/**
 * Accessibility (docs/public-page.md, docs/screens.md): axe-core (WCAG 2.0/2.1 A and AA rules) over every screen, in real Chromium; any
 * serious or critical violation fails, listed by screen, rule and element.
 */
let t: TestApp;
let browser: Browser;
let admin: TestUser;
let matchId: number;

beforeAll(async () => {
  // The worker mails at once (no grouping window): the families' answer page is reached from its mail.
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR, env: { NOTIFY_DELAY_SECONDS: '0' } });
  browser = await launchBrowser();
  admin = await createUser(t.db.pool, 'admin');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
  const tomorrow = dayjs(todayIn('Europe/Rome')).add(1, 'day').format('YYYY-MM-DD');
  const rows = await t.db.pool.query<{ id: number }>(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match, spogliatoio_gari, spogliatoio_ospiti)
     VALUES ($1, '15:00', '17:00', 'Garibaldina Pulcini', 'Lupi Nord', 'Pulcini', 'Stadio Garibaldi', 'erba', 'amichevole', true, 1, 2),
            ($1, '10:00', NULL, 'Aquile', 'Garibaldina Esordienti', 'Esordienti', 'Campo Aquile', 'sintetico', 'torneo', false, NULL, NULL),
            ($1, '18:00', '19:30', 'Garibaldina Pulcini', 'Tigri', 'Pulcini', 'Stadio Garibaldi', 'erba', 'campionato', true, NULL, NULL)
     RETURNING id`,
    [tomorrow],
  );
  matchId = rows.rows[0].id;
  // A player whose certificate expires in 10 days (the roster's grid, a chip and a line of 'Scadenze'), and one
  // whose certificate ran out 3 days ago (the dashboard cards' '1 giocatore non idoneo' badge of tomorrow's Pulcini matches).
  await t.db.pool.query(
    `INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id, certificato_tipo, certificato_scadenza)
     SELECT 'Luca', 'Rossi', DATE '2016-04-02', id, 'non_agonistico', $1::date + 10 FROM public.gruppi WHERE name = 'Pulcini'
     UNION ALL
     SELECT 'Marco', 'Bianchi', DATE '2016-09-12', id, 'non_agonistico', $1::date - 3 FROM public.gruppi WHERE name = 'Pulcini'`,
    [todayIn('Europe/Rome')],
  );
}, 60000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** As newPage of e2e/browser.ts, with the page's CSP set aside so axe can be injected as a script tag. */
async function newPage(b: Browser): Promise<Page> {
  const context = await b.newContext({ viewport: { width: 1366, height: 768 }, locale: 'it-IT', timezoneId: 'Europe/Rome', bypassCSP: true });
  context.setDefaultTimeout(15000);
  return context.newPage();
}

describe('accessibility of every screen (axe-core, WCAG 2.1 AA)', () => {
  it('signed out: public page (filters open on a phone too), login, reset password', async () => {
    const found: string[] = [];
    const page = await newPage(browser);
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (3)' }).waitFor();
    await page.getByTestId('filter-fields').waitFor();
    found.push(...(await audit(page, 'pubblica')));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('filter-fields').waitFor();
    found.push(...(await audit(page, 'pubblica-telefono')));

    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email', { exact: true }).waitFor();
    found.push(...(await audit(page, 'login')));

    await page.goto(`${t.url}/reset-password`);
    await page.getByRole('heading').first().waitFor();
    found.push(...(await audit(page, 'reset-password')));
    await page.close();
    expect(found).toEqual([]);
  });

  it('signed in as admin: dashboard, add and edit match, categories, users, user audit, export, both logs, import, facilities board', async () => {
    const found: string[] = [];
    const page = await newPage(browser);
    await signIn(page, t.url, admin.email, admin.password);
    await page.getByRole('heading', { name: 'Dashboard Partite', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Prossime Partite (3)' }).waitFor();
    await expectCount(page.getByTestId('match-non-idonei'), 2);
    found.push(...(await audit(page, 'dashboard')));

    const screens: Array<[string, string]> = [
      ['aggiungi-partita', '/aggiungi-partita'],
      ['modifica-partita', `/modifica-partita/${matchId}`],
      ['gruppi', '/gruppi'],
      ['gestione-utenti', '/gestione-utenti'],
      ['user-audit', '/user-audit'],
      ['estrazione', '/estrazione'],
      ['error-logs', '/error-logs'],
      ['activity-logs', '/activity-logs'],
      // The screens of the later issues (import, facilities board).
      ['importa', '/importa'],
      ['occupazione', '/occupazione'],
      ['allenamenti', '/allenamenti'],
      ['dirigenti', '/dirigenti'],
      ['giocatori', '/giocatori'],
      ['convocazioni', '/convocazioni'],
      ['convocazione', `/convocazioni/${matchId}`],
    ];
    // One frame for every signed-in screen (docs/screens.md): the head (title and toolbar) at the same place and
    // width, the title the same size (screenshots at 1366 x 768 kept in e2e/screenshots as artefacts).
    const frame = () =>
      page.evaluate(() => {
        const head = document.querySelector('[data-testid="page-header"]');
        const h1 = document.querySelector('h1');
        const box = head?.getBoundingClientRect();
        return { left: Math.round(box?.left ?? -1), width: Math.round(box?.width ?? -1), title: h1 ? getComputedStyle(h1).fontSize : '' };
      });
    const frames: Record<string, { left: number; width: number; title: string }> = { dashboard: await frame() };
    const go = async (path: string) => {
      // Through the router, as a person does (a full load would re-check the session first).
      await page.evaluate((p) => {
        window.history.pushState(null, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    };
    for (const [name, path] of screens) {
      await go(path);
      found.push(...(await audit(page, name)));
      frames[name] = await frame();
      // One table style and one pager (src/components/Pager.tsx): MUI tables, no MUI pagination footer,
      // no data grid (the import's editing grid aside: its cells are edited in place; the players' roster is a
      // DataGrid on the app's pager, docs/players.md).
      if (name !== 'importa' && name !== 'giocatori') await expectCount(page.locator('.MuiTablePagination-root, .MuiDataGrid-root'), 0);
      else await expectCount(page.locator('.MuiTablePagination-root'), 0);
    }
    // Dialogs open: axe on what a person sees then.
    const withDialog = async (name: string, path: string, open: () => Promise<void>, bars = 0) => {
      await go(path);
      await open();
      await page.getByRole('dialog').waitFor();
      // Once it has faded in: axe reads colours as they are on screen.
      await page.evaluate(() => Promise.allSettled(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)));
      found.push(...(await audit(page, name, { bars })));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    };
    await withDialog('dialogo-invita', '/gestione-utenti', () => page.getByRole('button', { name: MSG.users.invite }).click());
    await withDialog('dialogo-categoria', '/gruppi', () => page.getByRole('button', { name: MSG.groups.create }).click());
    await withDialog('dialogo-giocatore', '/giocatori', () => page.getByRole('button', { name: 'Modifica Rossi Luca' }).click());
    await withDialog('dialogo-distinta', `/convocazioni/${matchId}`, () => page.getByRole('button', { name: 'Distinta', exact: true }).click());
    await withDialog('dialogo-annulla-partite', '/', async () => {
      await page.getByRole('checkbox', { name: STATUS_MSG.selectAll }).check();
      await page.getByRole('button', { name: STATUS_MSG.actions.annulla }).click();
    });
    await withDialog('dialogo-rinvia', '/', async () => {
      await page.getByRole('checkbox', { name: STATUS_MSG.selectAll }).check();
      await page.getByTestId('status-actions').getByRole('button', { name: STATUS_MSG.actions.rinvia }).click();
    });
    await withDialog('dialogo-password', '/', async () => {
      await page.getByRole('button', { name: MSG.screens.nav.greeting(admin.email) }).click();
      await page.getByRole('menuitem', { name: MSG.screens.nav.changePassword }).click();
    }, 1);
    await page.close();
    expect(found).toEqual([]);
    const reference = frames.dashboard;
    expect(reference.left).toBeGreaterThan(0);
    for (const [name, f] of Object.entries(frames)) expect({ name, ...f }).toEqual({ name, ...reference });
  });

  it("a family's answer page of a call-up, on a phone, before and after answering", async () => {
    const api = (method: 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(admin), payload });
    const player = await api('POST', '/api/giocatori', {
      nome: 'Sara', cognome: 'Verdini', dataNascita: '2016-05-20', gruppo: 'Pulcini', contatti: [{ nome: 'Anna', email: 'anna.verdini@example.it' }],
    });
    expect(player.statusCode).toBe(201);
    const saved = await api('PUT', `/api/partite/${matchId}/convocazione`, { giocatori: [player.json().data.id], scadenza: dayjs().add(2, 'hour').format('YYYY-MM-DDTHH:mmZ') });
    expect(saved.statusCode).toBe(200);
    expect((await api('POST', `/api/partite/${matchId}/convocazione/invia`)).statusCode).toBe(200);
    await runOnce({ pool: t.db.pool, mailer: t.app.deps.mailer, config: t.config, jwtSecret: TEST_JWT_SECRET }, new Date());
    const mail = t.smtp.mails.find((m) => m.to.includes('anna.verdini@example.it'));
    expect(mail).toBeDefined();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'it-IT', timezoneId: 'Europe/Rome', bypassCSP: true });
    const page = await context.newPage();
    await page.goto(linkIn(mail!));
    await page.getByRole('button', { name: CONVOCAZIONI_MSG.risposte.si, exact: true }).waitFor();
    const found = await audit(page, 'risposta-convocazione');
    await page.getByRole('button', { name: CONVOCAZIONI_MSG.risposte.si, exact: true }).tap();
    await page.getByText(CONVOCAZIONI_MSG.page.salvata).waitFor();
    found.push(...(await audit(page, 'risposta-convocazione-salvata')));
    await context.close();
    expect(found).toEqual([]);
  });

  it('signs in and adds a match with the keyboard alone, the focus always visible', async () => {
    const page = await newPage(browser);
    /** Presses Tab until the focused element answers `name` (label, aria-label or text), at most 40 times. */
    const tabTo = async (name: string) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el) return { names: [] as string[], outline: false };
          const labelled = el.getAttribute('aria-labelledby')?.split(' ').map((id) => document.getElementById(id)?.textContent ?? '') ?? [];
          const group = el.closest('[role="group"]');
          const groupName = group?.getAttribute('aria-labelledby')?.split(' ').map((id) => document.getElementById(id)?.textContent ?? '') ?? [];
          const names = [el.getAttribute('aria-label') ?? '', ...labelled, ...groupName, (el as HTMLInputElement).labels?.[0]?.textContent ?? '', el.textContent ?? '']
            .map((n) => n.replace(/\s*\*\s*$/, '').trim())
            .filter(Boolean);
          const style = getComputedStyle(el);
          const ring = el.closest('.Mui-focused, .Mui-focusVisible, :focus-visible');
          return { names, outline: style.outlineStyle !== 'none' || Boolean(ring) };
        });
        if (focused.names.some((n) => n === name || n.startsWith(name))) {
          expect(focused.outline).toBe(true);
          return;
        }
      }
      throw new Error(`Tab non raggiunge '${name}' (ultimo: ${JSON.stringify(await page.evaluate(() => [document.activeElement?.tagName, document.activeElement?.getAttribute("role"), document.activeElement?.outerHTML.slice(0, 300)]))})`);
    };

    await page.goto(`${t.url}/login`);
    // Tabbing starts where a person starts: with the form on screen.
    await page.getByLabel('Email', { exact: true }).waitFor();
    await tabTo('Email');
    await page.keyboard.type(admin.email);
    await tabTo('Password');
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${t.url}/`);
    await page.getByRole('heading', { name: 'Dashboard Partite', exact: true }).waitFor();

    await tabTo('Aggiungi Partita');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${t.url}/aggiungi-partita`);
    await page.getByRole('button', { name: 'Completa i campi' }).waitFor();
    const date = dayjs(todayIn('Europe/Rome')).add(3, 'day');
    // The date field has the focus when the add form opens (docs/planning.md): typing starts there.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'spinbutton');
    await page.keyboard.type(date.format('DDMMYYYY'), { delay: 20 });
    // The date typed whole hands the focus to the start, the start typed whole to the first empty team (docs/planning.md).
    const hasFocus = async (locator: ReturnType<typeof page.locator>) => page.waitForFunction((el) => el === document.activeElement, await locator.elementHandle());
    await hasFocus(page.getByRole('group', { name: 'Ora di inizio' }).locator('[role="spinbutton"]').first());
    await page.keyboard.type('1030', { delay: 20 });
    await hasFocus(page.getByLabel('Squadra di casa'));
    await page.keyboard.type('Leoni Tastiera');
    await tabTo('Squadra ospite');
    await page.keyboard.type('Garibaldina Esordienti');
    await tabTo('Campo');
    await page.keyboard.type('Campo dei Leoni');
    const choose = async (label: string, option: string) => {
      await tabTo(label);
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor();
      for (let i = 0; i < 10; i++) {
        const current = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (current === option) break;
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    };
    await choose('Categoria', 'Esordienti');
    await choose('Tipo gara', 'Torneo');
    await tabTo('Salva Partita');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${t.url}/`);
    const saved = await t.db.pool.query(`SELECT data::text AS data, ora::text AS ora, gruppo, tipo_gara FROM public.partite WHERE squadracasa = 'Leoni Tastiera'`);
    expect(saved.rows).toEqual([{ data: date.format('YYYY-MM-DD'), ora: '10:30:00', gruppo: 'Esordienti', tipo_gara: 'torneo' }]);
    await page.close();
  });
});
