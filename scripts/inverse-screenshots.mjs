#!/usr/bin/env node
// Screenshots of the coin-margined (inverse) pages as a signed-in trader with a BTCUSD
// position sees them: the trade page in light and dark at 1440x900 and 390x844, the coin
// order centre, the coin-contract rules and the contract wallet. With the platform
// running in demo mode:
//   node scripts/inverse-screenshots.mjs http://127.0.0.1:8080 docs/screenshots
import path from 'node:path';
import { launchChromium, pageWithStorage, screenshotArgs, signIn } from './screenshot-session.mjs';

const { origin, out, email, password } = screenshotArgs('inverse-screenshots.mjs');
const session = await signIn(origin, email, password);

async function call(pathname, body, method = body === undefined ? 'GET' : 'POST') {
  const res = await fetch(`${origin}${pathname}`, {
    method,
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

// BTC into the contract wallet and a small BTCUSD long (the demo's makers quote the book),
// so the positions tab has a row; a resting limit order gives the open orders one too.
const account = await call('/api/contract/account?coin=BTC');
if (account.walletBalance === '0') {
  await call('/api/asset/transferFunds', { from: '1', to: '2', coin: 'BTC', amount: '0.5' });
}
const positions = await call('/api/contract/position/list', undefined, 'POST');
if (!positions.some((p) => p.symbol === 'btcusd')) {
  await call('/api/contract/order/submit', {
    symbol: 'btcusd',
    side: 'buy',
    type: 'market',
    contracts: '120',
    timeInForce: 'IOC',
  });
  const ticker = await call('/api/core/coin/open/getFundingRate?symbolName=btcusd');
  const low = (Math.floor(Number(ticker.markPrice) * 0.9 * 100) / 100).toFixed(2);
  await call('/api/contract/order/submit', {
    symbol: 'btcusd',
    side: 'buy',
    type: 'limit',
    price: low,
    contracts: '50',
  });
}

const { markPrice } = await call('/api/core/coin/open/getFundingRate?symbolName=btcusd');
const mark = (Math.round(Number(markPrice) * 100) / 100).toFixed(2);
const eth = await call('/api/core/coin/open/getFundingRate?symbolName=ethusd');
const ethMark = (Math.round(Number(eth.markPrice) * 100) / 100).toFixed(2);

const shots = [
  ['inverse-trade-light', '/trade/index?type=coin&symbol=btc', 'daytime', 1440, 900],
  ['inverse-trade-dark', '/trade/index?type=coin&symbol=btc', 'night', 1440, 900],
  ['inverse-trade-phone-light', '/trade/index?type=coin&symbol=btc', 'daytime', 390, 844],
  ['inverse-trade-phone-dark', '/trade/index?type=coin&symbol=btc', 'night', 390, 844],
  ['inverse-full-dark', '/exchange/full-contract/coin?symbol=eth', 'night', 1440, 900],
  ['inverse-centre-light', '/account/entrust/future/coin', 'daytime', 1440, 900],
  ['inverse-rules-light', '/rule/index?tab=coin', 'daytime', 1440, 900],
  ['inverse-quotes-light', '/quotes/index?tab=perpetual', 'daytime', 1440, 900],
  ['inverse-wallet-light', '/assets/index?key=agreement', 'daytime', 1440, 900],
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
    await page.waitForTimeout(2500);
    const trade = url.startsWith('/trade/') || url.startsWith('/exchange/');
    // An order typed in: its USD value, BTC value, costs and liquidation estimates.
    const typeOrder = async () => {
      const form = page.getByRole('region', { name: 'Place an order' });
      const isEth = url.includes('symbol=eth');
      await form.getByLabel('Price (USD)', { exact: true }).fill(isEth ? ethMark : mark);
      await form.getByLabel('Contracts', { exact: true }).fill('100');
      await page.waitForTimeout(300);
    };
    if (trade && !phone) await typeOrder();
    const file = path.join(out, `${name}.png`);
    await page.screenshot({ path: file, fullPage: !phone });
    console.log(file);
    if (phone) {
      // The phone's order form: the fixed Open long bar opens it from the bottom.
      await page.getByRole('group', { name: 'Place an order' }).getByRole('button').first().click();
      await page.waitForTimeout(800);
      await typeOrder();
      const form = file.replace('.png', '-form.png');
      await page.screenshot({ path: form });
      console.log(form);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
