import type { Page } from 'playwright-core';

/** Logs in through the login page with the email tab, as a person would. */
export async function logIn(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/user/login`);
  await page.getByRole('radio', { name: 'Email' }).check({ force: true });
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/home/index');
  await page.getByRole('button', { name: 'My account' }).waitFor();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'My account' }).hover();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Log in' }).first().waitFor();
}
