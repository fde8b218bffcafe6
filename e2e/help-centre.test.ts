import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { activateDemoOperator } from './ops-session.ts';
import { usePlatformAndBrowser } from './platform.ts';

const ctx = usePlatformAndBrowser();

describe('the help centre in a browser', () => {
  it('opens the help centre, searches, and follows the breadcrumb back up', async () => {
    const origin = ctx.platform.url;
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    // The footer leads to the help centre, with the demo's categories and guide.
    await page.goto(`${origin}/home/index`);
    await page.locator('footer').getByRole('link', { name: 'Help' }).click();
    await page.waitForURL('**/article/main');
    await page.getByRole('heading', { name: 'Help centre', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Safety and transparency' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Search: the results page lists the article, with a snippet of its words.
    await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('security fund');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/article/main/search?q=security%20fund');
    await page.getByText(/results for “security fund”/).waitFor();
    await page.getByRole('link', { name: /What is the security fund\?/ }).click();

    // The article, and the breadcrumb from it up to the help centre.
    await page.getByRole('heading', { name: 'What is the security fund?', level: 1 }).waitFor();
    await page.getByText('10% of every trading fee').first().waitFor();
    const crumbs = page.locator('.ant-breadcrumb');
    expect((await crumbs.innerText()).replace(/\s+/g, ' ')).toContain(
      'Help centre / Safety and transparency / Funds and liabilities / What is the security fund?',
    );
    await crumbs.getByRole('link', { name: 'Funds and liabilities' }).click();
    await page.waitForURL('**/article/main/sections/funds');
    await page.getByRole('heading', { name: 'Funds and liabilities', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'How proof of liabilities works' }).waitFor();
    await crumbs.getByRole('link', { name: 'Safety and transparency' }).click();
    await page.waitForURL('**/article/main/categories/trust');
    await crumbs.getByRole('link', { name: 'Help centre' }).click();
    await page.waitForURL('**/article/main');

    expect(problems).toEqual([]);
  });

  it('an operator publishes an article with a script in it: readers see text, nothing runs', async () => {
    const origin = ctx.platform.url;
    const ops = await ctx.browser.newPage({ viewport: { width: 1400, height: 900 } });
    // A step that does not happen fails here, naming it, well before the test's own limit.
    ops.context().setDefaultTimeout(15_000);
    const problems: string[] = [];
    ops.on('pageerror', (error) => problems.push(error.message));
    await activateDemoOperator(ops, origin, 'admin', 'Admin-password-2026');
    await ops.getByText('Identity reviews waiting').waitFor();
    await ops.getByRole('link', { name: 'Content', exact: true }).click();
    await ops.getByRole('heading', { name: 'Content', exact: true }).waitFor();
    await ops.locator('tr[data-row-key="how-to-deposit"]').waitFor();

    // A new help article, its Markdown previewed beside the text as it is typed.
    await ops.getByRole('button', { name: 'New article' }).click();
    const editor = ops.getByRole('dialog', { name: 'New article' });
    await editor.getByLabel('ID', { exact: true }).fill('e2e-script');
    await editor.getByLabel('Title', { exact: true }).fill('Script test');
    await editor
      .getByLabel('Body (Markdown)')
      .fill(
        'Hello <script>window.__pwned = 1</script> **world** <img src="x" onerror="window.__pwned = 2">\n\n[bad](javascript:window.__pwned=3)',
      );
    const preview = editor.getByRole('region', { name: 'Preview' });
    await preview.locator('strong', { hasText: 'world' }).waitFor();
    expect(await preview.locator('script, img[onerror]').count()).toBe(0);
    await editor.getByRole('button', { name: 'Save' }).click();
    await ops.getByText('Saved').first().waitFor({ timeout: 30_000 });

    // Not published yet: a reader gets "not found".
    const reader = await ctx.browser.newPage();
    reader.context().setDefaultTimeout(15_000);
    reader.on('pageerror', (error) => problems.push(error.message));
    await reader.goto(`${origin}/article/main/content/help/e2e-script`);
    await reader.getByText('This page does not exist or is not published.').waitFor();

    const row = ops.locator('tr[data-row-key="e2e-script"]');
    await row.getByRole('button', { name: 'Publication' }).click();
    const publication = ops.getByRole('dialog', { name: 'Publication of “Script test”' });
    await publication.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => row.textContent()).toContain('Published');

    await reader.reload();
    const article = reader.locator('article');
    await article.getByRole('heading', { name: 'Script test' }).waitFor();
    await article.locator('strong', { hasText: 'world' }).waitFor();
    expect(await article.locator('script, img[onerror]').count()).toBe(0);
    expect(await article.locator('a[href^="javascript"]').count()).toBe(0);
    await reader.waitForTimeout(300);
    expect(await reader.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // Site settings: a new support link reaches an open page without a rebuild.
    const home = await ctx.browser.newPage();
    home.context().setDefaultTimeout(15_000);
    await home.goto(`${origin}/home/index`);
    await home.getByRole('link', { name: 'How to deposit' }).first().waitFor();
    await ops.getByRole('tab', { name: 'Site settings' }).click();
    await ops.getByLabel('Customer-service links').fill('https://help.example.org/live');
    await ops.getByRole('button', { name: 'Save' }).click();
    await ops.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await ops.getByText('Saved').first().waitFor({ timeout: 30_000 });
    // The open page reads the settings again when it is shown again (or within a minute).
    await home.bringToFront();
    await home.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    const support = home.getByRole('button', { name: 'Customer service' });
    await expect
      .poll(() => support.getAttribute('data-support-link'), { timeout: 15_000 })
      .toBe('https://help.example.org/live');
    expect(problems).toEqual([]);
  }, 150_000);
});
