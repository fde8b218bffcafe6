import { afterEach, describe, expect, it } from 'vitest';
import { poolAccount, systemAccount, userAccount } from '@meridian/core';
import type { Platform } from '../../../app.ts';
import { call, trader, type Trader } from '../../../../test/accounts-helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';
import { SYMBOL, USDT, startSeconds, tick, type EngineClock } from './seconds-helpers.ts';

const OPEN = '/api/secondContractOrder/createSecondContractOrder';
const LIST = '/api/secondContractOrder/selectOrderList';
const POOL = poolAccount('seconds', 'USDT');
const HELD = poolAccount('seconds_open', 'USDT');
const FEES = systemAccount('fee_revenue', 'USDT');
const FUND = systemAccount('security_fund', 'USDT');

let platform: Platform;
let engine: EngineClock;

afterEach(async () => {
  await platform?.app.close();
});

async function start() {
  ({ platform, engine } = await startSeconds());
  // The contracts open on this tick: 65000 USDT.
  await tick(platform, 65_000n * USDT);
}

let serial = 0;
const someone = (usdt: string) =>
  trader(platform, `s${++serial}-${Date.now()}@example.org`, { USDT: usdt });

const open = (t: Trader, body: Record<string, string>, headers: Record<string, string> = {}) =>
  call(
    platform.app,
    'POST',
    OPEN,
    { symbol: SYMBOL, periodId: `${SYMBOL}-30`, direction: 'up', amount: '100', ...body },
    { ...t.headers, ...headers },
  );

const units = (account: string) => platform.engine.accountBalance(account);
const available = (t: Trader) => units(userAccount(t.id, 'USDT', 'available'));

describe('second contracts through the calls', () => {
  it('publishes the default periods and the pool', async () => {
    await start();
    const periods = await call(platform.app, 'POST', '/api/period/list', { symbol: SYMBOL });
    expect(periods.body.data).toEqual(
      [30, 60, 120, 300].map((seconds, i) => ({
        id: `${SYMBOL}-${seconds}`,
        symbol: SYMBOL,
        coin: 'USDT',
        seconds,
        profitRate: ['0.2', '0.3', '0.4', '0.5'][i],
        lossRate: ['0.2', '0.3', '0.4', '0.5'][i],
        minStake: '10',
        maxStake: '10000',
        chargeRate: '0.002',
        enabled: true,
      })),
    );
    const pool = await call(platform.app, 'GET', '/api/secondContractOrder/pool');
    expect(pool.body.data).toEqual([{ coin: 'USDT', balance: '1000000', committed: '0' }]);
    const coins = await call(platform.app, 'POST', '/api/common/getCoinList');
    expect(coins.body.data.coinList.map((c: { symbol: string }) => c.symbol)).toContain(SYMBOL);
  });

  it('win, loss and tie settle exactly to the unit on the first tick at or after expiry', async () => {
    await start();
    const a = await someone('1000');
    const win = await open(a, { direction: 'up', amount: '100' });
    expect(win.status).toBe(200);
    expect(win.body.data).toMatchObject({
      status: 'open',
      openPrice: '65000',
      amount: '100',
      serviceCharge: '0.2',
      profitRate: '0.2',
      expiryTime: engine.ms + 30_000,
    });
    const lose = await open(a, { direction: 'down', amount: '50' });
    // Fee revenue and the fund also take the demo market's trading fees: compare changes.
    const fees = units(FEES);
    const fund = units(FUND);
    engine.advance(10);
    const even = await open(a, { direction: 'up', amount: '10', periodId: `${SYMBOL}-60` });
    expect(available(a)).toBe(1000n * USDT - 160_320_000n);
    expect(units(HELD)).toBe(160_320_000n);

    // 29.999 s later nothing is due; at 30 s the first two settle on 65000.5.
    engine.advance(20);
    engine.ms -= 1;
    await tick(platform, 65_000n * USDT);
    expect(
      (await call(platform.app, 'POST', LIST, { status: 'open' }, a.headers)).body.data.total,
    ).toBe(3);
    engine.ms += 1;
    const settling = await tick(platform, 65_000n * USDT + 500_000n);
    // Up wins 100 + 20; down loses 50 x 20 % = 10, 40 back.
    expect(available(a)).toBe(1000n * USDT - 160_320_000n + 120n * USDT + 40n * USDT);
    expect(units(POOL)).toBe(1_000_000n * USDT - 20n * USDT + 10n * USDT);
    expect(units(FEES) - fees).toBe(270_000n);
    expect(units(FUND) - fund).toBe(30_000n);

    // The 60-second one, opened 10 s later: an equal close gives the stake back.
    engine.advance(40);
    await tick(platform, 65_000n * USDT);
    expect(available(a)).toBe(1000n * USDT - 320_000n + 20n * USDT - 10n * USDT);
    expect(units(HELD)).toBe(0n);

    const list = await call(platform.app, 'POST', LIST, {}, a.headers);
    expect(list.body.data.total).toBe(3);
    const byId = new Map(list.body.data.records.map((r: { id: string }) => [r.id, r] as const));
    expect(byId.get(win.body.data.id)).toMatchObject({
      status: 'settled',
      outcome: 'win',
      payout: '120',
      profitLoss: '20',
      closePrice: '65000.5',
      settlement: { id: String(settling.seq), time: settling.ts, price: '65000.5' },
    });
    expect(byId.get(lose.body.data.id)).toMatchObject({
      outcome: 'loss',
      payout: '40',
      profitLoss: '-10',
    });
    expect(byId.get(even.body.data.id)).toMatchObject({
      outcome: 'tie',
      payout: '10',
      profitLoss: '0',
    });
    const source = (byId.get(win.body.data.id) as { settlement: { source: string } }).settlement
      .source;
    expect(source).toBe(platform.marketRuntime.source.name);
  });

  it('refuses with nothing changed: unknown period, non-integer, below and above the limits, balance, pool', async () => {
    await start();
    const a = await someone('30000');
    const before = available(a);
    const refusals: Array<[Record<string, string>, string, string]> = [
      [{ periodId: `${SYMBOL}-45` }, 'periodId', 'This period is not offered for this market'],
      [{ periodId: 'ethusdt-30' }, 'periodId', 'This period is not offered for this market'],
      [{ amount: '10.5' }, 'amount', 'Quantity must be an integer'],
      [{ amount: '1e3' }, 'amount', 'Quantity must be an integer'],
      [{ amount: '9' }, 'amount', 'The minimum stake for this period is 10 USDT'],
      [{ amount: '10001' }, 'amount', 'The maximum stake for this period is 10000 USDT'],
      [{ amount: '10000' }, 'amount', 'Insufficient balance for amount'],
    ];
    const poor = await someone('10');
    for (const [body, field, msg] of refusals) {
      const who = body.amount === '10000' ? poor : a;
      const res = await open(who, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, msg, data: { field } });
    }
    const bad = await open(a, { direction: 'sideways' });
    expect(bad.status).toBe(400);

    // A period whose win the pool cannot pay: 50 x the stake on a pool of 1,000,000.
    const admin = await signInOperator(platform, 'admin');
    const period = {
      symbol: SYMBOL,
      seconds: 45,
      profitRate: '50',
      lossRate: '1',
      minStake: '10',
      maxStake: '100000',
      chargeRate: '0',
      enabled: true,
    };
    const saved = await call(
      platform.app,
      'POST',
      '/api/ops/seconds/periods',
      period,
      admin.headers,
    );
    expect(saved.status).toBe(200);
    const tooBig = await open(a, { periodId: `${SYMBOL}-45`, amount: '20001' });
    expect(tooBig.body).toMatchObject({ code: 400, data: { field: 'amount' } });
    expect(tooBig.body.msg).toContain('pool');
    expect(available(a)).toBe(before);
    expect(platform.engine.secondContracts(a.id)).toEqual([]);
    // Exactly what the pool can pay is accepted.
    expect((await open(a, { periodId: `${SYMBOL}-45`, amount: '20000' })).status).toBe(200);
    expect(
      (await open(a, { periodId: `${SYMBOL}-45`, amount: '10', direction: 'down' })).body.msg,
    ).toContain('pool');
  });

  it("another user's contracts are never listed, and a repeated key answers the first open", async () => {
    await start();
    const a = await someone('1000');
    const b = await someone('1000');
    const first = await open(a, {}, { 'idempotency-key': 'k-1' });
    const again = await open(a, {}, { 'idempotency-key': 'k-1' });
    expect(again.body.data).toEqual(first.body.data);
    expect(available(a)).toBe(1000n * USDT - 100_200_000n);
    const theirs = await call(platform.app, 'POST', LIST, {}, b.headers);
    expect(theirs.body.data).toMatchObject({ records: [], total: 0 });
    engine.advance(30);
    await tick(platform, 66_000n * USDT);
    expect((await call(platform.app, 'POST', LIST, {}, b.headers)).body.data.total).toBe(0);
    const mine = await call(platform.app, 'POST', LIST, { status: 'settled' }, a.headers);
    expect(mine.body.data.records.map((r: { id: string }) => r.id)).toEqual([first.body.data.id]);
    const anon = await call(platform.app, 'POST', LIST, {});
    expect(anon.status).toBe(401);
  });

  it('tells the owner only, on the user socket and MQTT, with the tick it settled on', async () => {
    await start();
    const a = await someone('1000');
    const b = await someone('1000');
    const heard: Array<[channel: string, user: string, event: unknown]> = [];
    const socket = platform.userSocket.publish.bind(platform.userSocket);
    platform.userSocket.publish = (user, event) => {
      heard.push(['socket', user, event]);
      socket(user, event);
    };
    const mqtt = platform.broker.publishUserRefresh.bind(platform.broker);
    platform.broker.publishUserRefresh = (user, event) => {
      heard.push(['mqtt', user, event]);
      mqtt(user, event);
    };
    const opened = await open(a, { direction: 'down', amount: '10' });
    engine.advance(30);
    const settling = await tick(platform, 64_000n * USDT);
    const settlements = heard.filter(([, , e]) => (e as { type: string }).type === 'settlement');
    const message = {
      type: 'settlement',
      orderId: opened.body.data.id,
      symbol: SYMBOL,
      outcome: 'win',
      closePrice: '64000',
      closeTime: settling.ts,
      tickId: String(settling.seq),
      profitLoss: '2',
      payout: '12',
    };
    expect(settlements).toEqual([
      ['mqtt', a.id, message],
      ['socket', a.id, message],
    ]);
    expect(heard.some(([, user]) => user === b.id)).toBe(false);
  });

  it('parallel opens never spend more than the balance', async () => {
    await start();
    const a = await someone('1000');
    const results = await Promise.all(Array.from({ length: 12 }, () => open(a, { amount: '100' })));
    const opened = results.filter((r) => r.status === 200);
    // 100.2 each: nine fit in 1000, the rest are refused whole.
    expect(opened).toHaveLength(9);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    expect(available(a)).toBe(1000n * USDT - 9n * 100_200_000n);
  });

  it('settles many contracts expiring in the same second on one tick, each once', async () => {
    await start();
    const users = await Promise.all(Array.from({ length: 5 }, () => someone('100000')));
    const base = engine.ms;
    for (let i = 0; i < 200; i++) {
      engine.ms = base + (i % 1000);
      const res = await open(users[i % 5]!, { direction: i % 2 ? 'up' : 'down', amount: '10' });
      expect(res.status).toBe(200);
    }
    engine.ms = base + 30_999;
    await tick(platform, 65_001n * USDT);
    expect(platform.engine.secondContracts()).toEqual([]);
    expect(units(HELD)).toBe(0n);
    const rows = await platform.database.db
      .selectFrom('second_contracts' as never)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(Number(rows?.n)).toBe(200);
    // 100 up won 2 each, 100 down lost 2 each: the pool is where it started.
    expect(units(POOL)).toBe(1_000_000n * USDT);
  });

  it('operators change a period with an audit row; users without the permission cannot', async () => {
    await start();
    const support = await signInOperator(platform, 'support');
    const body = {
      symbol: SYMBOL,
      seconds: 30,
      profitRate: '0.25',
      lossRate: '0.3',
      minStake: '5',
      maxStake: '500',
      chargeRate: '0.001',
      enabled: true,
    };
    expect(
      (await call(platform.app, 'POST', '/api/ops/seconds/periods', body, support.headers)).status,
    ).toBe(403);
    const finance = await signInOperator(platform, 'finance');
    const bad = await call(
      platform.app,
      'POST',
      '/api/ops/seconds/periods',
      { ...body, minStake: '600' },
      finance.headers,
    );
    expect(bad.body.data).toMatchObject({ field: 'minStake' });
    const res = await call(platform.app, 'POST', '/api/ops/seconds/periods', body, finance.headers);
    expect(res.body.data).toMatchObject({ id: `${SYMBOL}-30`, profitRate: '0.25', minStake: '5' });
    const audit = await platform.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'seconds.period.update')
      .execute();
    expect(audit).toEqual([{ action: 'seconds.period.update', target_id: `${SYMBOL}-30` }]);
    const fund = await call(
      platform.app,
      'POST',
      '/api/ops/seconds/pool/fund',
      { coin: 'USDT', amount: '5000', reference: 'top-up-1' },
      finance.headers,
    );
    expect(fund.body.data).toEqual({ coin: 'USDT', balance: '1005000', committed: '0' });
    const repeat = await call(
      platform.app,
      'POST',
      '/api/ops/seconds/pool/fund',
      { coin: 'USDT', amount: '5000', reference: 'top-up-1' },
      finance.headers,
    );
    expect(repeat.status).toBe(409);
    // One audit row: the refused repeat's was rolled back with it.
    const funded = await platform.database.db
      .selectFrom('audit_log')
      .select(['target_id', 'after_json'])
      .where('action', '=', 'seconds.pool.fund')
      .execute();
    expect(funded).toEqual([
      { target_id: 'USDT', after_json: JSON.stringify({ amount: '5000', reference: 'top-up-1' }) },
    ]);
  });
});
