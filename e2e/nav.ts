import type { Locator, Page } from 'playwright-core';

/** The navigation bar (desktop width: the links in the bar, two groups behind menu buttons). */
export const navBar = (page: Page): Locator => page.getByRole('navigation', { name: 'Navigazione principale' });

/** Opens a group of the bar ('Partite', 'Amministrazione') and returns its menu. */
export async function openNavMenu(page: Page, group: string): Promise<Locator> {
  await navBar(page).getByRole('button', { name: group, exact: true }).click();
  const menu = page.getByRole('menu', { name: group });
  await menu.waitFor();
  return menu;
}

/** Goes to a screen through its group of the bar, as a person does; the menu closes. */
export async function goThroughNav(page: Page, group: string, item: string): Promise<void> {
  const menu = await openNavMenu(page, group);
  await menu.getByRole('menuitem', { name: item, exact: true }).click();
  await menu.waitFor({ state: 'hidden' });
}
