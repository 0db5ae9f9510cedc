import type { Page } from 'playwright-core';
import { MSG } from '../common/core/messages';
import { CLASH_MSG } from '../common/occupancy/rules';

/**
 * Planning a Saturday's home matches through the UI as an editor does it (docs/planning.md), counting what
 * the person does besides typing text: clicks and special keys (arrows, Enter, Esc, Tab). Shared by
 * the e2e test (e2e/planning.e2e.test.ts) and the benchmark (bench/planning.ts).
 */
export class Actions {
  clicks = 0;
  keys = 0;
  constructor(private readonly page: Page) {}

  get total(): number {
    return this.clicks + this.keys;
  }

  async click(locator: ReturnType<Page['locator']>): Promise<void> {
    this.clicks++;
    await locator.click();
  }

  async key(name: 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape' | 'Tab'): Promise<void> {
    this.keys++;
    await this.page.keyboard.press(name);
  }

  /** Typed text: not counted (it is the data itself). */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text, { delay: 10 });
  }
}

export interface PlannedMatch {
  /** 'hhmm' as typed into the time field. */
  time: string;
  away: string;
  /** The pitch, typed whole, when it is not the one kept from the match before (the first match: `campoSearch` picks it). */
  campo?: string;
  /** The category, when it is not the one kept from the match before. */
  categoria?: string;
}

export interface PlanOptions {
  /** The home team, typed in the first match; kept by 'Salva e aggiungi un'altra' when it is the club's. */
  home: string;
  /** The first match's pitch: typed in part and picked from the suggestions with the keyboard. Else its `campo` is typed whole. */
  campoSearch?: string;
  categoria: string;
  tipo: string;
}

/** Waits until the element has the focus (the form moved it there, nobody clicked). */
async function focused(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  const handle = await locator.elementHandle();
  await page.waitForFunction((el) => el === document.activeElement, handle);
}

async function pickCategory(page: Page, a: Actions, categoria: string) {
  await a.click(page.getByRole('combobox', { name: MSG.match.labels.gruppo }));
  await a.click(page.getByRole('option', { name: categoria, exact: true }));
}

/** The fields a day's matches share: the pitch picked from the suggestions with the keyboard (ArrowDown, Enter), category, type. */
async function fillDayFields(page: Page, a: Actions, opts: { campoSearch: string; categoria: string; tipo: string }) {
  await a.click(page.getByLabel(MSG.match.labels.campo));
  await a.type(opts.campoSearch);
  await page.getByRole('option').first().waitFor();
  await a.key('ArrowDown');
  await a.key('Enter');
  await pickCategory(page, a, opts.categoria);
  await a.click(page.getByRole('combobox', { name: MSG.match.labels.tipoGara }));
  await a.click(page.getByRole('option', { name: opts.tipo, exact: true }));
}

/** A picker's field (date or time) of the form, by its label. */
const pickerField = (page: Page, label: string) => page.getByRole('group', { name: label }).locator('[role="spinbutton"]').first();

/**
 * The new flow: 'Aggiungi Partita' once; the date, typed whole, hands the focus to the start, the start
 * to the first empty team; the first match in full (pitch, category, competition type); then 'Salva e
 * aggiungi un'altra' keeps the day, the club's home team, pitch, category and type, and the focus waits
 * in the time field: each next match is its time, its opponent, and its pitch and category when they
 * change (a kept pitch is selected when clicked, so typing replaces it). The end time is proposed from
 * the category. The last one is a plain save. No save may ask 'Salvare comunque?': the flow fails if one does.
 */
export async function planWithSaveAndAddAnother(page: Page, base: string, date: string, matches: PlannedMatch[], opts: PlanOptions) {
  const a = new Actions(page);
  await a.click(page.getByRole('main').getByRole('link', { name: MSG.dashboard.addMatch }));
  await page.getByRole('heading', { name: MSG.match.addTitle }).waitFor();
  const away = page.getByLabel(MSG.match.labels.squadraTrasferta);
  for (const [i, m] of matches.entries()) {
    if (i === 0) {
      // The date field has the focus when the form opens; typed whole, it hands the focus to the start.
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'spinbutton');
      await a.type(date.replace(/-/g, '').replace(/^(\d{4})(\d{2})(\d{2})$/, '$3$2$1'));
      await focused(page, pickerField(page, MSG.match.labels.ora));
      await a.type(m.time);
      await focused(page, page.getByLabel(MSG.match.labels.squadraCasa));
      await a.type(opts.home);
      await a.click(away);
      await a.type(m.away);
      await a.click(page.getByLabel(MSG.match.labels.campo));
      if (opts.campoSearch) {
        await a.type(opts.campoSearch);
        await page.getByRole('option').first().waitFor();
        await a.key('ArrowDown');
        await a.key('Enter');
      } else {
        await a.type(m.campo ?? '');
      }
      await pickCategory(page, a, m.categoria ?? opts.categoria);
      await a.click(page.getByRole('combobox', { name: MSG.match.labels.tipoGara }));
      await a.click(page.getByRole('option', { name: opts.tipo, exact: true }));
    } else {
      // After 'Salva e aggiungi un'altra' the focus is in the time field (the next form's first empty one);
      // the time typed whole hands it to the opponent (the club's home team is kept).
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'spinbutton');
      await a.type(m.time);
      await focused(page, away);
      await a.type(m.away);
      if (m.campo) {
        await a.click(page.getByLabel(MSG.match.labels.campo));
        await a.type(m.campo);
      }
      if (m.categoria) await pickCategory(page, a, m.categoria);
    }
    // The end is proposed; nothing to do.
    await page.locator('input[name="oraFine"]').evaluate((el) => (el as HTMLInputElement).value).then((v) => {
      if (!v) throw new Error(`nessuna ora di fine proposta per la partita ${i + 1}`);
    });
    const last = i === matches.length - 1;
    const button = last ? page.locator('button[type="submit"]') : page.getByRole('button', { name: MSG.match.saveAndAddAnother });
    // Playwright's click waits for the button to be enabled (the form's rules passed).
    await a.click(button);
    const asked = page.getByRole('dialog', { name: CLASH_MSG.dialogTitle });
    if (last) {
      await Promise.race([page.waitForURL(`${base}/`), asked.waitFor()]);
    } else {
      await page.getByText(new RegExp(`^Partita aggiunta: ${opts.home} - ${m.away} .*Inserisci la prossima\\.$`)).or(asked).first().waitFor();
    }
    if (await asked.isVisible()) throw new Error(`la partita ${i + 1} (${m.away}) chiede '${CLASH_MSG.dialogTitle}'`);
  }
  return a;
}

/**
 * The baseline in the same run: each match from the dashboard, the whole form every time, back to the
 * dashboard by the Annulla-free save (the add form used to wait 2 s and return; now it returns at once).
 */
export async function planOneByOne(page: Page, base: string, date: string, matches: PlannedMatch[], opts: { home: string; campoSearch: string; categoria: string; tipo: string }) {
  const a = new Actions(page);
  for (const m of matches) {
    await a.click(page.getByRole('main').getByRole('link', { name: MSG.dashboard.addMatch }));
    await page.getByRole('heading', { name: MSG.match.addTitle }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'spinbutton');
    await a.type(date.replace(/-/g, '').replace(/^(\d{4})(\d{2})(\d{2})$/, '$3$2$1'));
    await a.click(pickerField(page, MSG.match.labels.ora));
    await a.type(m.time);
    await a.click(page.getByLabel(MSG.match.labels.squadraCasa));
    await a.type(opts.home);
    await a.click(page.getByLabel(MSG.match.labels.squadraTrasferta));
    await a.type(m.away);
    await fillDayFields(page, a, opts);
    await a.click(page.locator('button[type="submit"]'));
    await page.waitForURL(`${base}/`);
  }
  return a;
}
