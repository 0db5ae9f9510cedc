import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';

/** Signs in through the login screen as a person would, and waits for the home page. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** A new page at 1366 x 768 (or `size`), signed in as `user` through the login screen. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  user: { email: string; password: string },
  size = { width: 1366, height: 768 },
): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize(size);
  await signIn(page, baseUrl, user.email, user.password);
  return page;
}
