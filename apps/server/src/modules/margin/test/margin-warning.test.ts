import type { UserEvent } from '@meridian/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import {
  call,
  rememberPlatform,
  sentTo,
  TestClock,
  trader,
  type Trader,
} from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';

// As margin.test.ts: market makers off, the index ticks journalled by the test itself.
let platform: Platform;
let clock: TestClock;
let grace: Trader;
let hank: Trader;
const heard: Array<[user: string, event: UserEvent]> = [];

const W = '/api/core/coin/wallet';
const U = 1_000_000n;
const GRACE = 'margin-warn-grace@example.org';

const post = (t: Trader, path: string, body: unknown, p: Platform = platform) =>
  call(p.app, 'POST', path, body, t.headers);

/** 1,000 USDT moved into `t`'s BTC/USDT account, 3,000 borrowed, 0.05 BTC bought at 50,000. */
async function leveredLong(p: Platform, t: Trader, seller: Trader) {
  const moved = await post(
    t,
    `${W}/margin/transfer`,
    { direction: 'in', account: 'fixed', symbol: 'btcusdt', coin: 'USDT', amount: '1000' },
    p,
  );
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const borrowed = await post(
    t,
    `${W}/fixed/borrow`,
    { coin: 'USDT', symbol: 'btcusdt', amount: '3000' },
    p,
  );
  expect(borrowed.status, JSON.stringify(borrowed.body)).toBe(200);
  const order = { symbol: 'btcusdt', type: 'limit', price: '50000', quantity: '0.05' };
  await post(seller, '/api/currency/order/submit', { ...order, side: 'sell' }, p);
  const buy = await post(
    t,
    '/api/currency/order/submit',
    { ...order, side: 'buy', timeInForce: 'IOC', margin: 'isolated' },
    p,
  );
  expect(buy.status, JSON.stringify(buy.body)).toBe(200);
}
const isolated = async (t: Trader) =>
  (await call(platform.app, 'GET', `${W}/fixed/marginProperty/btcusdt`, undefined, t.headers)).body
    .data as { marginLevel: string | null };

async function tick(price: bigint) {
  const ack = await platform.engine.index([['btcusdt', price * U]]);
  expect(ack.events.some((e) => e.type === 'rejected')).toBe(false);
  await platform.margin.flushed();
}

const warnings = (user: string) =>
  heard.filter(([to, e]) => to === user && e.type === 'margin_warning').map(([, e]) => e);
const warningMails = async () =>
  (await sentTo(platform.app, GRACE)).filter((m) => m.subject.includes('margin warning'));

describe('margin warnings', () => {
  beforeAll(async () => {
    clock = new TestClock();
    platform = await buildPlatform(
      testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' }),
      { logger: false, clock, engineClock: () => clock.now().getTime() },
    );
    await platform.app.ready();
    rememberPlatform(platform);
    const publish = platform.userSocket.publish.bind(platform.userSocket);
    platform.userSocket.publish = (user, event) => {
      heard.push([user, event]);
      publish(user, event);
    };
    grace = await trader(platform, GRACE, { USDT: '10000' });
    hank = await trader(platform, 'margin-warn-hank@example.org', { USDT: '10000', BTC: '1' });
    await tick(50_000n);
  });
  afterAll(async () => {
    await platform.app.close();
  });

  it('tells the user once per dip below 1.3, on the socket and by email', async () => {
    await leveredLong(platform, grace, hank);
    // 1,500 USDT + 0.0499 BTC (less the 0.2 % fee) against 3,000 owed.
    await tick(50_000n);
    expect((await isolated(grace)).marginLevel).toBe('1.33166666');
    expect(warnings(grace.id)).toEqual([]);

    // At 48,000: 1,500 + 2,395.2 = 3,895.2, level 1.2984.
    await tick(48_000n);
    const level = (await isolated(grace)).marginLevel;
    expect(level).toBe('1.2984');
    expect(warnings(grace.id)).toEqual([{ type: 'margin_warning', account: 'btcusdt', level }]);
    const mails = await warningMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('BTC/USDT');
    expect(mails[0]!.body).toContain('1.29');
    expect(mails[0]!.body).toContain('1.1');
    // Nobody else hears of it.
    expect(warnings(hank.id)).toEqual([]);

    // Further down, still above 1.1: the same dip, nothing more.
    await tick(45_000n);
    expect(warnings(grace.id)).toHaveLength(1);
    expect(await warningMails()).toHaveLength(1);
    // Another pass over the table tells nothing twice.
    await platform.margin.flushed();
    expect(warnings(grace.id)).toHaveLength(1);
  });

  it('tells a second dip after the level rose above 1.3, in the language of her last sign-in', async () => {
    const again = await call(
      platform.app,
      'POST',
      '/api/user/login',
      { type: 'email', username: GRACE, password: 'Secret123' },
      { lang: 'de' },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await tick(49_000n); // 1.3150...
    expect(warnings(grace.id)).toHaveLength(1);
    await tick(47_000n); // 1.2818...
    const level = (await isolated(grace)).marginLevel;
    expect(warnings(grace.id)).toEqual([
      expect.objectContaining({ type: 'margin_warning' }),
      { type: 'margin_warning', account: 'btcusdt', level },
    ]);
    // The first in English, this one in German.
    expect(await warningMails()).toHaveLength(1);
    const [latest] = await sentTo(platform.app, GRACE);
    expect(latest!.subject).toContain('Margin-Warnung');
    expect(latest!.body).toContain('BTC/USDT');
  });
});

// The warnings table is written with the projection's cursor and each row claimed before
// it is told: a restart tells nothing again, and a warning written but not yet told (a
// crash between the two) is told once at the next start.
describe.each(testDatabases())('margin warnings across a restart on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  let p: Platform | undefined;
  const config = testConfig({ DEMO_MODE: 'true', MARKET_MAKERS: 'false', MARKET_TICK_MS: '60000' });
  const EMAIL = 'margin-warn-restart@example.org';

  afterEach(async () => {
    await p?.app.close();
    await database?.close();
    await current?.dispose();
    p = undefined;
    database = undefined;
    current = undefined;
  });

  async function start() {
    current ??= await create();
    database = current.open();
    p = rememberPlatform(await buildPlatform(config, { logger: false, database }));
    await p.app.ready();
    await p.margin.flushed();
    return p;
  }
  async function stop() {
    await p!.app.close();
    await database!.close();
    p = undefined;
  }
  const mails = async (on: Platform) =>
    (await sentTo(on.app, EMAIL)).filter((m) => m.subject.includes('margin warning'));
  const rows = (on: Platform) =>
    on.database.db
      .withTables<{ margin_warnings: { id: string; sent_at: number | null } }>()
      .selectFrom('margin_warnings')
      .selectAll()
      .execute();

  it('tells each warning once', async () => {
    let on = await start();
    const t = await trader(on, EMAIL, { USDT: '10000' });
    const seller = await trader(on, 'margin-warn-seller@example.org', { BTC: '1' });
    const tickTo = async (price: bigint) => {
      await on.engine.index([['btcusdt', price * U]]);
      await on.margin.flushed();
    };
    await tickTo(50_000n);
    await leveredLong(on, t, seller);
    await tickTo(48_000n);
    expect(await mails(on)).toHaveLength(1);
    expect(await rows(on)).toHaveLength(1);

    await stop();
    on = await start();
    expect(await mails(on)).toHaveLength(1);
    expect(await rows(on)).toHaveLength(1);

    // As if the last start had stopped after writing the warning but before telling it.
    await on.database.db
      .withTables<{ margin_warnings: { sent_at: number | null } }>()
      .updateTable('margin_warnings')
      .set({ sent_at: null })
      .execute();
    await stop();
    on = await start();
    expect(await mails(on)).toHaveLength(2);
    expect((await rows(on)).every((r) => r.sent_at !== null)).toBe(true);
  });
});
