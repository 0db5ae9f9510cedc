import type { Page } from 'playwright-core';
import { MSG } from '../common/core/messages';

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
}

/** The fields a day's matches share: the pitch picked from the suggestions with the keyboard (ArrowDown, Enter), category, type. */
async function fillDayFields(page: Page, a: Actions, opts: { campoSearch: string; categoria: string; tipo: string }) {
  await a.click(page.getByLabel(MSG.match.labels.campo));
  await a.type(opts.campoSearch);
  await page.getByRole('option').first().waitFor();
  await a.key('ArrowDown');
  await a.key('Enter');
  await a.click(page.getByRole('combobox', { name: MSG.match.labels.gruppo }));
  await a.click(page.getByRole('option', { name: opts.categoria, exact: true }));
  await a.click(page.getByRole('combobox', { name: MSG.match.labels.tipoGara }));
  await a.click(page.getByRole('option', { name: opts.tipo, exact: true }));
}

/** A picker's field (date or time) of the form, by its label. */
const pickerField = (page: Page, label: string) => page.getByRole('group', { name: label }).locator('[role="spinbutton"]').first();

/**
 * The new flow: 'Aggiungi Partita' once, the first match in full (date, time, teams, pitch picked from
 * the suggestions with the keyboard, category, competition type), then 'Salva e aggiungi un'altra'
 * keeps the day, pitch, category and type, and the focus waits in the time field: each next match is
 * its time and its teams. The end time is proposed from the category. The last one is a plain save.
 */
export async function planWithSaveAndAddAnother(page: Page, base: string, date: string, matches: PlannedMatch[], opts: { home: string; campoSearch: string; categoria: string; tipo: string }) {
  const a = new Actions(page);
  await a.click(page.getByRole('main').getByRole('link', { name: MSG.dashboard.addMatch }));
  await page.getByRole('heading', { name: MSG.match.addTitle }).waitFor();
  for (const [i, m] of matches.entries()) {
    if (i === 0) {
      // The date field has the focus when the form opens.
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'spinbutton');
      await a.type(date.replace(/-/g, '').replace(/^(\d{4})(\d{2})(\d{2})$/, '$3$2$1'));
      await a.click(pickerField(page, MSG.match.labels.ora));
    } else {
      // After 'Salva e aggiungi un'altra' the focus is in the time field already (the next form's first empty one).
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'spinbutton');
    }
    await a.type(m.time);
    await a.click(page.getByLabel(MSG.match.labels.squadraCasa));
    await a.type(opts.home);
    await a.click(page.getByLabel(MSG.match.labels.squadraTrasferta));
    await a.type(m.away);
    if (i === 0) await fillDayFields(page, a, opts);
    // The end is proposed; nothing to do.
    await page.locator('input[name="oraFine"]').evaluate((el) => (el as HTMLInputElement).value).then((v) => {
      if (!v) throw new Error(`nessuna ora di fine proposta per la partita ${i + 1}`);
    });
    const last = i === matches.length - 1;
    const button = last ? page.locator('button[type="submit"]') : page.getByRole('button', { name: MSG.match.saveAndAddAnother });
    // Playwright's click waits for the button to be enabled (the form's rules passed).
    await a.click(button);
    if (last) await page.waitForURL(`${base}/`);
    else await page.getByText(new RegExp(`^Partita aggiunta: ${opts.home} - ${m.away} .*Inserisci la prossima\\.$`)).waitFor();
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
