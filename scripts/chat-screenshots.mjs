// The customer-service chat's screenshots: the user's dialog (light, dark, a phone) and the
// support desk (light, dark, a phone), against a fresh demo deployment (DEMO_MODE=true):
// demo1 asks, demo2 waits, the demo support operator signs in for the first time, adds
// canned replies, takes demo1's conversation and answers.
//   node scripts/chat-screenshots.mjs http://127.0.0.1:4141 docs/screenshots
import { generate } from 'otplib';
import { launchChromium, pageWithStorage, screenshotArgs, signIn } from './screenshot-session.mjs';

const { origin, out } = screenshotArgs('chat-screenshots.mjs');
const json = async (path, { method = 'GET', body, token, headers = {} } = {}) => {
  const res = await fetch(origin + path, {
    method,
    headers: {
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? (body instanceof FormData ? body : JSON.stringify(body)) : undefined,
  });
  const answer = await res.json();
  if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
};
const session = await signIn(origin, 'demo1@meridian.local', 'Demo1234');
const state = await json('/api/chat/state', { token: session.token });
const send = (content, contentType = 1) =>
  json('/api/core/coin/buy/sendChatRecord', {
    method: 'POST',
    token: session.token,
    body: { content, contentType, chatId: state.chatKey },
  });
await send('Hello, my BTC deposit from this morning is still not in my spot wallet.');
await send('The transaction has 1 confirmation on the explorer.');
// A second user waits in the queue too.
const other = await signIn(origin, 'demo2@meridian.local', 'Demo1234');
const otherState = await json('/api/chat/state', { token: other.token });
await json('/api/core/coin/buy/sendChatRecord', {
  method: 'POST',
  token: other.token,
  body: { content: 'How do I set a fund password?', contentType: 1, chatId: otherState.chatKey },
});
// The support operator's first sign-in, then a claim and answers.
const login = await json('/api/ops/auth/login', {
  method: 'POST',
  body: { email: 'support@ops.meridian.local', password: 'DemoOperator-2026' },
});
const activated = await json('/api/ops/auth/activate', {
  method: 'POST',
  body: {
    setupToken: login.setupToken,
    newPassword: 'Support-pass-2026',
    code: await generate({ secret: login.totpSecret }),
  },
});
const ops = activated.token;
await json('/api/ops/chat/canned', {
  method: 'POST',
  token: ops,
  body: {
    title: 'Bitcoin confirmations',
    content: 'Bitcoin deposits are credited after 2 confirmations, usually about 20 minutes.',
  },
});
await json('/api/ops/chat/canned', {
  method: 'POST',
  token: ops,
  body: {
    title: 'Fund password',
    content: 'Set it under Account › Security › Fund password; it is asked for every withdrawal.',
  },
});
const queue = await json('/api/ops/chat/conversations?view=unassigned', { token: ops });
const mine = queue.records.find((c) => c.lastContent.startsWith('The transaction'));
await json(`/api/ops/chat/conversations/${mine.id}/claim`, { method: 'POST', token: ops });
await json(`/api/ops/chat/conversations/${mine.id}/messages`, {
  method: 'POST',
  token: ops,
  body: {
    content:
      'Bitcoin deposits are credited after 2 confirmations, usually about 20 minutes. Yours will arrive with the next block.',
    contentType: 1,
  },
});
await send('Thanks, I will wait.');

const browser = await launchChromium();
async function userShot(name, viewport, theme) {
  const page = await pageWithStorage(browser, { viewport }, { ...session, theme });
  await page.goto(`${origin}/home/index`);
  await page.getByTestId('chat-launcher').click();
  await page.getByText('Thanks, I will wait.').waitFor();
  await page.getByTestId('chat-input').fill('Can I see the block height somewhere?');
  await page.mouse.move(0, 0);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png` });
  await page.close();
}
await userShot('chat-dialog-light', { width: 1280, height: 860 }, 'daytime');
await userShot('chat-dialog-dark', { width: 1280, height: 860 }, 'night');
await userShot('chat-dialog-phone', { width: 390, height: 844 }, 'daytime');

async function deskShot(name, viewport, theme, select = true) {
  const page = await browser.newPage({ viewport });
  await page.addInitScript(
    ([token, theme]) => {
      sessionStorage.setItem('meridian.ops.token', token);
      localStorage.setItem(
        'meridian:theme',
        JSON.stringify({
          dataType: 'string',
          content: theme,
          type: 'localStorage',
          datetime: Date.now(),
        }),
      );
    },
    [ops, theme],
  );
  await page.goto(`${origin}/ops/chat?view=mine${select ? `&c=${mine.id}` : ''}`);
  if (select) await page.getByTestId('desk-transcript').getByText('Thanks, I will wait.').waitFor();
  else await page.getByTestId('chat-queue').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  await page.close();
}
await deskShot('chat-desk-light', { width: 1440, height: 900 }, 'daytime');
await deskShot('chat-desk-dark', { width: 1440, height: 900 }, 'night');
await deskShot('chat-desk-phone', { width: 390, height: 844 }, 'daytime');
await browser.close();
console.log('done');
