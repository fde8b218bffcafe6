#!/usr/bin/env node
// Screenshots of spot margin as a signed-in trader with an isolated BTC/USDT loan sees it:
// the trade page's Isolated mode in light and dark at 1440x900 and 390x844, the borrow
// dialog's review, the isolated order centre and the margin rules. With the platform
// running in demo mode:
//   node scripts/margin-screenshots.mjs http://127.0.0.1:8080 docs/screenshots
import path from 'node:path';
import { launchChromium, pageWithStorage, screenshotArgs, signIn } from './screenshot-session.mjs';

const { origin, out, email, password } = screenshotArgs('margin-screenshots.mjs');
const session = await signIn(origin, email, password);

async function call(pathname, body) {
  const res = await fetch(`${origin}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${session.token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (answer.code !== 200) throw new Error(`${pathname} refused: ${answer.msg}`);
  return answer.data;
}

// 1,000 USDT in the isolated BTC/USDT account and 2,000 borrowed, once.
const coin = '/api/core/coin';
const account = await call(`${coin}/wallet/fixed/marginProperty/btcusdt`);
if (account.totalAssets === '0') {
  const body = { account: 'fixed', symbol: 'btcusdt', coin: 'USDT', amount: '1000' };
  await call(`${coin}/wallet/margin/transfer`, { ...body, direction: 'in' });
  await call(`${coin}/wallet/fixed/borrow`, { coin: 'USDT', symbol: 'btcusdt', amount: '2000' });
  await call('/api/currency/order/submit', {
    symbol: 'btcusdt',
    side: 'buy',
    type: 'market',
    quoteAmount: '1500',
    margin: 'isolated',
  });
}

const trade = '/trade/index?type=spot&symbol=btc';
const shots = [
  ['margin-trade-light', trade, 'daytime', 1440, 900],
  ['margin-trade-dark', trade, 'night', 1440, 900],
  ['margin-trade-phone-light', trade, 'daytime', 390, 844],
  ['margin-trade-phone-dark', trade, 'night', 390, 844],
  ['margin-centre-light', '/account/entrust/margin-fixed', 'daytime', 1440, 900],
  ['margin-centre-dark', '/account/entrust/margin-fixed', 'night', 1440, 900],
  ['margin-rules-light', '/rule/index?tab=margin', 'daytime', 1440, 900],
  ['margin-rules-phone-dark', '/rule/index?tab=margin', 'night', 390, 844],
];
const browser = await launchChromium();
try {
  for (const [name, url, theme, width, height] of shots) {
    const phone = width < 768;
    const page = await pageWithStorage(
      browser,
      { viewport: { width, height }, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone },
      { theme, ...session },
    );
    await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    if (url === trade) {
      if (phone) {
        // The phone's order form opens from the fixed Buy/Sell bar.
        await page
          .getByRole('group', { name: 'Place order' })
          .getByRole('button', { name: 'Buy BTC' })
          .click();
        await page.waitForTimeout(800);
      }
      await page.getByText('Isolated', { exact: true }).first().click();
      await page.getByTestId('margin-gauge').waitFor();
      await page.waitForTimeout(1500);
    }
    const file = path.join(out, `${name}.png`);
    await page.screenshot({ path: file, fullPage: !phone && url !== trade });
    console.log(file);
    if (url === trade && !phone) {
      await page.getByTestId('margin-borrow').click();
      await page.getByTestId('borrow-dialog-amount').fill('500');
      await page.getByTestId('borrow-dialog-next').click();
      await page.getByTestId('borrow-quote').waitFor();
      await page.waitForTimeout(500);
      const dialog = file.replace('.png', '-borrow.png');
      await page.screenshot({ path: dialog });
      console.log(dialog);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
