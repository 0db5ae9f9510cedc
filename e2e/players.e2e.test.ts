import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, createUser, follow, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { dmy, GIOCATORI_MSG as G, PLAYERS_UI as U } from '../common/players/messages';
import { addDays } from '../common/players/rules';
import { CLIENT_DIR, launchBrowser, screenshot } from './browser';
import { signedInPage } from './session';
import { navBar } from './nav';
import { eventually } from './expect';
import { insertMatch } from '../test/matches';

// Players in Chromium (docs/players.md), as an editor who follows Pulcini works at 1366 x 768: one click
// on 'Giocatori' in the bar, the category's first players added with 'Salva e aggiungi un altro', and the
// certificate expiring in 10 days is in 'Scadenze' at once, with the card still missing.
jest.setTimeout(180_000);

const TODAY = todayIn('Europe/Rome');
const YEAR = Number(TODAY.slice(0, 4));
const EXPIRING = addDays(TODAY, 10);
const VALID = addDays(TODAY, 200);

let t: TestApp;
let browser: Browser;
let admin: TestUser;
let editor: TestUser;
let page: Page;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  admin = await createUser(t.db.pool, 'admin');
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name, anno_da, anno_a) VALUES ('Pulcini', $1, $2), ('Esordienti', $3, $4)`, [YEAR - 10, YEAR - 9, YEAR - 12, YEAR - 11]);
  // The editor follows Pulcini only, as an administrator sets it in Gestione Utenti.
  await follow(t.app, admin, editor, ['Pulcini']);
  page = await signedInPage(browser, t.url, editor);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('players in Chromium', () => {
  it("an editor adds a category's players and sees the expiring certificate in 'Scadenze'", async () => {
    await navBar(page).getByRole('link', { name: G.title, exact: true }).click();
    await page.getByRole('heading', { name: G.title, level: 1 }).waitFor();
    await page.getByTestId('giocatori-empty').waitFor();
    await page.getByRole('button', { name: U.add }).first().click();
    const dialog = page.getByRole('dialog', { name: U.form.addTitle });
    await dialog.waitFor();

    const fill = async (p: { nome: string; cognome: string; nato: string; tessera?: string; scadenza: string; genitore: string; telefono: string }) => {
      await dialog.getByLabel(G.fields.nome, { exact: false }).first().fill(p.nome);
      await dialog.getByLabel(G.fields.cognome, { exact: false }).first().fill(p.cognome);
      await dialog.getByRole('group', { name: G.fields.dataNascita }).locator('[role="spinbutton"]').first().click();
      await page.keyboard.type(dmy(p.nato).replaceAll('/', ''), { delay: 20 });
      if (p.tessera) await dialog.getByLabel(G.fields.numeroTessera, { exact: false }).fill(p.tessera);
      await dialog.getByRole('combobox', { name: G.fields.tipo }).click();
      await page.getByRole('option', { name: G.tipi.non_agonistico, exact: true }).click();
      await dialog.getByRole('group', { name: G.fields.scadenza }).locator('[role="spinbutton"]').first().click();
      await page.keyboard.type(dmy(p.scadenza).replaceAll('/', ''), { delay: 20 });
      await dialog.getByRole('button', { name: U.form.addContact }).click();
      const contatto = dialog.getByRole('group', { name: U.form.contatto(1) });
      await contatto.getByLabel(G.fields.nome, { exact: false }).fill(p.genitore);
      await contatto.getByLabel(G.fields.telefono, { exact: false }).fill(p.telefono);
    };

    // The category is the one the editor follows; the first player's card number is not known yet.
    await eventually(() => dialog.getByRole('combobox', { name: G.fields.gruppo }).innerText(), (v) => expect(v).toContain('Pulcini'));
    await fill({ nome: 'Tommaso', cognome: 'Zanardelli', nato: `${YEAR - 9}-04-02`, scadenza: EXPIRING, genitore: 'Elena Zanardelli', telefono: '333 111 2222' });
    await screenshot(page, 'giocatori-form');
    await dialog.getByRole('button', { name: U.form.saveAndAddAnother }).click();
    await dialog.getByTestId('giocatore-saved-another').getByText(U.form.savedAnother('Tommaso Zanardelli')).waitFor();
    await fill({ nome: 'Bianca', cognome: 'Fumagalli', nato: `${YEAR - 10}-09-20`, tessera: '2468135', scadenza: VALID, genitore: 'Paolo Fumagalli', telefono: '3470001111' });
    await dialog.getByRole('button', { name: U.form.save, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The roster: both, the certificate's state as a chip with its date.
    const grid = page.getByRole('grid', { name: G.title });
    await eventually(() => grid.getByTestId('giocatore-nome').allInnerTexts(), (v) => expect(v).toEqual(['Fumagalli Bianca', 'Zanardelli Tommaso']));
    await grid.getByRole('row', { name: /Zanardelli Tommaso/ }).getByText(U.chip.in_scadenza(EXPIRING)).waitFor();
    await grid.getByRole('row', { name: /Fumagalli Bianca/ }).getByText(U.chip.valido(VALID)).waitFor();

    // 'Scadenze': the expiring certificate by date, then the missing card.
    const panel = page.getByTestId('scadenze-panel');
    await panel.getByRole('heading', { name: U.expiry.titleCount(2) }).waitFor();
    const lines = panel.getByTestId('scadenza');
    await eventually(() => lines.allInnerTexts(), (v) => {
      expect(v).toHaveLength(2);
      expect(v[0]).toContain('Zanardelli Tommaso');
      expect(v[0]).toContain(`${G.motivi.in_scadenza} · ${G.scadeIl(EXPIRING)}`);
      expect(v[1]).toContain('Zanardelli Tommaso');
      expect(v[1]).toContain(G.motivi.tessera_mancante);
    });
    await screenshot(page, 'giocatori-scadenze');

    const stored = await t.db.pool.query(
      `SELECT g.cognome, g.certificato_tipo, to_char(g.certificato_scadenza, 'YYYY-MM-DD') AS scadenza, g.numero_tessera, g.contatti, gr.name AS gruppo
         FROM public.giocatori g JOIN public.gruppi gr ON gr.id = g.gruppo_id ORDER BY g.cognome`,
    );
    expect(stored.rows).toEqual([
      { cognome: 'Fumagalli', certificato_tipo: 'non_agonistico', scadenza: VALID, numero_tessera: '2468135', contatti: [{ nome: 'Paolo Fumagalli', relazione: null, email: null, telefono: '3470001111' }], gruppo: 'Pulcini' },
      { cognome: 'Zanardelli', certificato_tipo: 'non_agonistico', scadenza: EXPIRING, numero_tessera: null, contatti: [{ nome: 'Elena Zanardelli', relazione: null, email: null, telefono: '3331112222' }], gruppo: 'Pulcini' },
    ]);
  });

  it('from a line of the panel the editor opens the player and renews the certificate: the line goes', async () => {
    const panel = page.getByTestId('scadenze-panel');
    await panel.getByRole('button', { name: U.expiry.open('Zanardelli Tommaso') }).first().click();
    const dialog = page.getByRole('dialog', { name: U.form.editTitle });
    await dialog.waitFor();
    await dialog.getByLabel(G.fields.numeroTessera, { exact: false }).fill('1357924');
    await dialog.getByRole('group', { name: G.fields.scadenza }).locator('[role="spinbutton"]').first().click();
    await page.keyboard.type(dmy(VALID).replaceAll('/', ''), { delay: 20 });
    await dialog.getByRole('button', { name: U.form.save, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByText(U.expiry.none).waitFor();
    await page.getByRole('grid', { name: G.title }).getByRole('row', { name: /Zanardelli Tommaso/ }).getByText(U.chip.valido(VALID)).waitFor();
  });

  it("a planned match after a player's certificate expires: the card says so to Pulcini's editor, not to a user who does not follow Pulcini", async () => {
    // A player whose certificate expires in 3 days, a Pulcini match in 7 (inside the dashboard's days: from today, the
    // flags read for at most 62 days) and an Esordienti match the same day, which nobody keeps off the pitch.
    const res = await t.app.inject({
      method: 'POST', url: '/api/giocatori', headers: bearer(admin),
      payload: { nome: 'Ottavio', cognome: 'Brambillasca', dataNascita: `${YEAR - 9}-02-11`, gruppo: 'Pulcini', certificato: { tipo: 'non_agonistico', scadenza: addDays(TODAY, 3) } },
    });
    expect(res.statusCode).toBe(201);
    const day = addDays(TODAY, 7);
    const pulcini = await insertMatch(t.db.pool, { data: day, ora: '10:00', ora_fine: '11:30', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Audax Collina', gruppo: 'Pulcini', is_house_match: true });
    const esordienti = await insertMatch(t.db.pool, { data: day, ora: '15:00', ora_fine: '16:30', squadracasa: 'Garibaldina Esordienti', squadratrasferta: 'Virtus Piana', gruppo: 'Esordienti', is_house_match: true });

    const card = (p: Page, id: number) => p.locator(`[data-match-id="${id}"]`);
    await page.goto(`${t.url}/`);
    await card(page, pulcini).getByTestId('match-non-idonei').getByText(G.cardFlag(1), { exact: true }).waitFor();
    await card(page, esordienti).waitFor();
    expect(await card(page, esordienti).getByTestId('match-non-idonei').count()).toBe(0);
    await screenshot(page, 'giocatori-card-flag');

    // An editor who follows Esordienti only sees both cards, and no flag: Pulcini's players are not theirs to know of.
    const other = await createUser(t.db.pool, 'editor');
    await follow(t.app, admin, other, ['Esordienti']);
    const otherPage = await signedInPage(browser, t.url, other);
    const flags = otherPage.waitForResponse((r) => r.url().includes('/api/giocatori/avvisi-partite'));
    await otherPage.goto(`${t.url}/`);
    await card(otherPage, pulcini).waitFor();
    await card(otherPage, esordienti).waitFor();
    // The flags' read has answered, with nothing for them, before the cards are searched for a flag.
    expect(await (await flags).json()).toEqual({ data: {} });
    expect(await otherPage.getByTestId('match-non-idonei').count()).toBe(0);
    await otherPage.close();
  });
});
