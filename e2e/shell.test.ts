import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { usePlatformAndBrowser } from './platform.ts';
import { pickOption } from './select.ts';

// Stands in for a deployment's customer-service chat.
let support: http.Server;
let supportUrl: string;

beforeAll(async () => {
  support = http.createServer((_, res) => res.end('<title>Support chat</title>'));
  await new Promise<void>((resolve) => support.listen(0, '127.0.0.1', resolve));
  supportUrl = `http://127.0.0.1:${(support.address() as AddressInfo).port}/chat`;
});

afterAll(() => {
  support?.close();
});

const ctx = usePlatformAndBrowser(() => ({
  SUPPORT_LINKS: `${supportUrl},https://example.org/other`,
}));

/** Opens `path`; `beforeLoad` runs first, for what must be in place before the app starts. */
async function open(path: string, width = 1280, beforeLoad?: (page: Page) => Promise<void>) {
  const page = await ctx.browser.newPage({ viewport: { width, height: 800 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await beforeLoad?.(page);
  await page.goto(ctx.platform.url + path);
  return { page, problems };
}

const landmarks = (page: Page) =>
  page.evaluate(() => ({
    header: document.querySelectorAll('header').length,
    main: document.querySelectorAll('main').length,
    footer: document.querySelectorAll('footer').length,
  }));

describe('the web shell in a browser', () => {
  it('redirects /, /home, unknown paths and invitation links', async () => {
    const { page, problems } = await open('/');
    await page.waitForURL('**/home/index');
    for (const path of ['/home', '/no/such/page']) {
      await page.goto(ctx.platform.url + path);
      await page.waitForURL('**/home/index');
    }
    // The invitation opens registration with its code filled in, and no header.
    await page.goto(`${ctx.platform.url}/i&AB12`);
    await page.waitForURL('**/user/register?invite_code=AB12');
    const invite = page.getByLabel('Invite code (optional)');
    await invite.waitFor();
    expect(await invite.inputValue()).toBe('AB12');
    expect(await landmarks(page)).toMatchObject({ header: 0, main: 1 });
    expect(await page.title()).toBe('Meridian');
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ['/user/login', { header: 0, main: 1, footer: 0 }, 'Log in'],
    ['/user/register', { header: 0, main: 1, footer: 0 }, 'Sign up'],
    ['/user/reset', { header: 0, main: 1, footer: 0 }, 'Reset password'],
    ['/user/index?key=termsService', { header: 1, main: 1, footer: 1 }, 'Terms of service'],
  ])('lays out %s by the header and footer rules', async (path, expected, heading) => {
    const { page, problems } = await open(path);
    await page.getByText(heading).first().waitFor();
    expect(await landmarks(page)).toEqual(expected);
    expect(await page.title()).toBe('Meridian');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps at most 4 notices open: a fifth closes the oldest', async () => {
    // A good-news notice closes by itself after 3 s of the page's clock, so the test holds
    // that clock: five notices, however slowly the machine brings them, come within 2.1 s
    // of it, and the first can only go because the fifth came (notices open and close
    // without motion here: see launchBrowser).
    const { page, problems } = await open('/user/register', 1280, (p) => p.clock.install());
    const notices = page.locator('.ant-notification-notice');
    const tab = (name: string) => page.locator('.ant-segmented-item', { hasText: name }).click();
    const sendCode = () => page.getByRole('button', { name: 'Send code' }).click();
    // A first notice loads the notices' code (that takes timers); it is let go by itself.
    await tab('Email');
    await page.locator('#email').fill('cap-0@example.org');
    await sendCode();
    await notices.first().waitFor();
    await notices.first().waitFor({ state: 'detached' });

    await page.locator('#email').fill('cap-a@example.org');
    await tab('Phone');
    await page.locator('#phone').fill('5550123');
    await page.locator('#code').fill('000000');
    await page.locator('#password').fill('Secret123');
    await page.locator('#confirmPassword').fill('Secret123');
    // (a second ahead: the clock moves on while the test asks it the time)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await sendCode();
    await page.getByText('The code has been sent to your phone').waitFor();
    await page.locator('button[type=submit]').click();
    await page.getByText('The verification code is wrong or has expired').waitFor();
    await tab('Email');
    await sendCode();
    await page.getByText('The code has been sent to your email').waitFor();
    expect(await notices.count()).toBe(3);

    // Error popups come at most one per 2 s, and the same text not twice within 2 s: once
    // 2 s have passed, the same error again and a code to another address.
    await page.clock.runFor(2001);
    await page.locator('button[type=submit]').click();
    await page
      .locator('.ant-notification-notice', { hasText: 'The verification code is wrong' })
      .nth(1)
      .waitFor();
    expect(await notices.count()).toBe(4);

    await page.locator('#email').fill('cap-c@example.org');
    await sendCode();
    await page
      .locator('.ant-notification-notice', { hasText: 'The code has been sent to your email' })
      .nth(1)
      .waitFor();
    await page.getByText('The code has been sent to your phone').waitFor({ state: 'detached' });
    expect(await notices.count()).toBe(4);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows header, main and footer landmarks and the menus of existing pages only', async () => {
    const { page } = await open('/home/index');
    await page.getByRole('heading', { name: 'Meridian' }).waitFor();
    expect(await landmarks(page)).toEqual({ header: 1, main: 1, footer: 1 });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Market',
      'Trading rules',
      'Staking',
      'Finance',
    ]);
    expect(await page.title()).toBe('Meridian');
    await page.close();
  });

  it('opens the first support link in a new window', async () => {
    const { page } = await open('/home/index');
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Customer service' }).click();
    const chat = await popup;
    await chat.waitForLoadState('domcontentloaded');
    expect(chat.url()).toBe(supportUrl);
    expect(await chat.title()).toBe('Support chat');
    expect(await chat.evaluate(() => window.opener)).toBeNull();
    await chat.close();
    await page.close();
  });

  it('switches language and theme in the settings drawer, and keeps both after a reload', async () => {
    const { page, problems } = await open('/home/index');
    await page.getByRole('button', { name: 'Settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    const language = drawer.getByRole('combobox', { name: 'Language' });
    const lang = () => page.locator('html').getAttribute('lang');
    await pickOption(page, language, '繁體中文', async () => (await lang()) === 'zh-TW');
    const translated = page.getByRole('dialog', { name: '設定' });
    await translated.getByText('夜間').click();
    // The date preview follows the language's format (YYYY-MM-DD for 繁體中文), then the
    // one the user picks.
    await translated.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).waitFor();
    const dateFormat = translated.getByRole('combobox', { name: '日期格式' });
    await pickOption(page, dateFormat, 'DD.MM.YYYY', async () =>
      (
        await dateFormat.locator('xpath=ancestor::*[contains(@class,"ant-select")][1]').innerText()
      ).includes('DD.MM.YYYY'),
    );
    await translated.getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('night');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(14, 17, 22)');
    await page.reload();
    await page.getByText('主流幣行情').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-TW');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('night');
    expect(await page.getByRole('navigation', { name: '主選單' }).textContent()).toContain('首頁');
    expect(await page.title()).toBe('Meridian');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("paints the stored theme, language and the demo banner before the app's script, which takes its place without a shift", async () => {
    const stored = async (page: Page) => {
      await page.addInitScript(() => {
        for (const [key, content] of [
          ['language', 'de'],
          ['theme', 'night'],
        ]) {
          const entry = { dataType: 'string', content, type: 'localStorage', datetime: 1 };
          localStorage.setItem(`meridian:${key}`, JSON.stringify(entry));
        }
      });
    };
    // The app's entry never arrives: what shows is the first paint's alone.
    const { page: held } = await open('/trade/index?type=spot&symbol=btc', 390, async (page) => {
      await stored(page);
      await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    });
    const banner = held.getByRole('note');
    await banner.getByText('Demo-Installation', { exact: false }).waitFor();
    expect(await held.locator('html').getAttribute('lang')).toBe('de');
    expect(await held.locator('html').getAttribute('data-theme')).toBe('night');
    expect(await held.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(14, 17, 22)',
    );
    const early = await banner.boundingBox();
    await held.close();

    const { page, problems } = await open('/trade/index?type=spot&symbol=btc', 390, stored);
    await page.locator('header.app-header').waitFor();
    const note = page.getByRole('note');
    expect(await note.count()).toBe(1);
    expect(await note.evaluate((el) => el.parentElement?.className)).toBe('app-shell');
    expect(await note.boundingBox()).toEqual(early);
    // What moved once the app had started: nothing of the banner or the header the first
    // paint drew (the page below fills in as its data arrives, which Lighthouse's CLS,
    // 0 in `npm run bench -- web`, counts).
    const moved = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const nodes: string[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              const { sources } = entry as unknown as { sources: { node?: Node }[] };
              for (const { node } of sources) {
                const element = node instanceof Element ? node : node?.parentElement;
                const held = element?.closest('[role="note"], .app-shell > header');
                if (held) nodes.push(held.outerHTML.slice(0, 80));
              }
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(nodes), 500);
        }),
    );
    expect(moved).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a failed page chunk with a reload action inside the shell', async () => {
    const page = await ctx.browser.newPage();
    await page.route(/\/assets\/HomePage-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${ctx.platform.url}/home/index`);
    await page.getByText('Loading chunk failed').waitFor();
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await landmarks(page)).toEqual({ header: 1, main: 1, footer: 1 });
    await page.close();
  });

  it('fits a 390 px phone, with the menu in a bottom drawer', async () => {
    const { page } = await open('/home/index', 390);
    await page.getByRole('heading', { name: 'Meridian' }).waitFor();
    const widths = await page.evaluate(() => ({
      content: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await drawer.getByRole('link', { name: 'Home' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // A visitor reaches log in from the drawer: the header has no room for it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/user/login');
    await page.close();
  });

  it('has no serious or critical accessibility violations in either theme', async () => {
    for (const theme of ['daytime', 'night']) {
      const page = await ctx.browser.newPage();
      await page.addInitScript((value) => {
        const entry = { dataType: 'string', content: value, type: 'localStorage', datetime: 0 };
        localStorage.setItem('meridian:theme', JSON.stringify(entry));
      }, theme);
      await page.goto(`${ctx.platform.url}/home/index`);
      await page.getByText('Main markets').waitFor();
      await page.locator('a[href^="/market/main?symbol="]').first().waitFor();
      expect(await seriousViolations(page), theme).toEqual([]);
      await page.close();
    }
  });
});
