import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from '@meridian/core';
import { seal } from './accounts-helpers.ts';
import { signInOperator, type SignedInOperator } from './operator-helpers.ts';
import {
  call,
  newUser,
  startDeposits,
  testDatabases,
  type Started,
} from '../src/modules/deposits/test/deposit-helpers.ts';

const SIMULATE = '/api/dev/simulateDeposit';
const FUND = 'Fund-pass-1';
const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

type Coin = {
  coin: string;
  classes: Record<string, string>;
  sum: string;
  balanced: boolean;
  userLiabilities: string;
  custodyHeld: string;
  shortfall: string;
  covered: boolean;
};

describe.each(testDatabases())('deposits list and custody ($name)', (kind) => {
  let s: Started;
  let finance: SignedInOperator;
  let support: SignedInOperator;
  beforeAll(async () => {
    s = await startDeposits(kind);
    finance = await signInOperator(s.platform, 'finance', { clock: s.clock });
    support = await signInOperator(s.platform, 'support', { clock: s.clock });
  });
  afterAll(async () => {
    await s.stop();
  });

  const get = (who: SignedInOperator, url: string) =>
    call(s.app, 'GET', url, undefined, who.headers);
  const custody = async (): Promise<Map<string, Coin>> => {
    const res = await get(finance, '/api/ops/custody');
    expect(res.status).toBe(200);
    return new Map((res.body.data.coins as Coin[]).map((c) => [c.coin, c]));
  };
  const blocks = async (n: number) => {
    for (let i = 0; i < n; i += 1) await s.platform.deposits.block();
  };

  it('lists chain deposits across users, filtered and newest first, to those who may read them', async () => {
    const a = await newUser(s.app);
    const b = await newUser(s.app);
    await call(s.app, 'POST', SIMULATE, { coin: 'BTC', amount: '0.2' }, a.headers);
    await blocks(2);
    await call(s.app, 'POST', SIMULATE, { coin: 'ETH', amount: '1.5' }, b.headers);
    await blocks(1);

    const mine = await get(support, `/api/ops/deposits?userId=${a.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ total: 1, current: 1 });
    expect(mine.body.data.records[0]).toMatchObject({
      userId: a.id,
      coin: 'BTC',
      network: 'BTC',
      amount: '0.2',
      status: 'credited',
      confirmations: 2,
      required: 2,
    });
    expect(mine.body.data.records[0].creditTime).not.toBeNull();
    const theirs = await get(finance, `/api/ops/deposits?userId=${b.id}&status=confirming`);
    expect(theirs.body.data.records).toEqual([
      expect.objectContaining({ coin: 'ETH', confirmations: 1, required: 12, creditTime: null }),
    ]);
    expect(
      (await get(finance, `/api/ops/deposits?userId=${b.id}&status=credited`)).body.data,
    ).toMatchObject({ total: 0, records: [] });
    const eth = await get(finance, '/api/ops/deposits?coin=eth&size=100');
    expect(eth.body.data.records.every((r: { coin: string }) => r.coin === 'ETH')).toBe(true);
    const all = await get(finance, '/api/ops/deposits?size=100');
    const times = all.body.data.records.map((r: { createTime: string }) => r.createTime);
    expect(times).toEqual([...times].sort().reverse());

    expect((await get(finance, '/api/ops/deposits?status=lost')).status).toBe(400);
    expect((await call(s.app, 'GET', '/api/ops/deposits', undefined, a.headers)).status).toBe(401);
    const compliance = await signInOperator(s.platform, 'compliance', { clock: s.clock });
    expect((await get(compliance, '/api/ops/deposits')).status).toBe(200);
    // Custody is finance's and admin's.
    expect((await get(support, '/api/ops/custody')).status).toBe(403);
    expect((await get(compliance, '/api/ops/custody')).status).toBe(403);
  });

  it('reconciles custody exactly after a chain deposit, trades and a withdrawal sent', async () => {
    const before = await custody();
    const seller = await newUser(s.app);
    const buyer = await newUser(s.app);
    // Chain deposits, credited from custody once final.
    await call(s.app, 'POST', SIMULATE, { coin: 'BTC', amount: '0.5' }, seller.headers);
    await call(s.app, 'POST', SIMULATE, { coin: 'USDT', amount: '3000' }, buyer.headers);
    await blocks(12);
    expect(s.platform.engine.balance(buyer.id, 'USDT')?.available).toBe('3000');

    // One trade: 0.1 BTC at 20000. The maker pays 10 bps of its USDT, the taker 20 bps of its BTC.
    const order = (who: { headers: Record<string, string> }, side: string) =>
      call(
        s.app,
        'POST',
        '/api/currency/order/submit',
        { symbol: 'btcusdt', side, type: 'limit', price: '20000', quantity: '0.1' },
        who.headers,
      );
    expect((await order(seller, 'sell')).status).toBe(200);
    expect((await order(buyer, 'buy')).status).toBe(200);
    await s.platform.engine.projected();

    // 100 USDT (+5 fee) sent to an address; 60 (+5) still waiting to be sent.
    const sealed = await seal(s.app, { password: FUND, confirmPassword: FUND });
    await call(s.app, 'POST', '/api/core/coin/member/tradePwd', sealed, buyer.headers);
    const withdraw = (amount: string) =>
      call(
        s.app,
        'POST',
        `/api/withdraw/submit?${new URLSearchParams({ coin: 'USDT', network: 'ERC20', address: ADDRESS, amount, fundPassword: FUND })}`,
        undefined,
        buyer.headers,
      );
    const sent = (await withdraw('100')).body.data.id as string;
    await withdraw('60');
    const recorded = await call(
      s.app,
      'POST',
      `/api/ops/withdrawals/${sent}/sent`,
      { txid: 'ef'.repeat(32) },
      finance.headers,
    );
    expect(recorded.body.data.state).toBe('completed');

    const after = await custody();
    const delta = (coin: string, field: (c: Coin) => string) =>
      units(field(after.get(coin)!)) - units(field(before.get(coin) ?? emptyCoin(coin)));
    const cls = (name: string) => (c: Coin) => c.classes[name]!;
    // BTC: 0.5 in from the chain; the taker fee 0.0002 left users for revenue (a tenth to the fund).
    expect(delta('BTC', cls('custody'))).toBe(units('-0.5'));
    expect(delta('BTC', cls('users'))).toBe(units('0.4998'));
    expect(delta('BTC', cls('feeRevenue')) + delta('BTC', cls('securityFund'))).toBe(
      units('0.0002'),
    );
    // USDT: 3000 in, 100 out; 65 pending; the maker fee 2 and the sent withdrawal's fee 5.
    expect(delta('USDT', cls('custody'))).toBe(units('-2900'));
    expect(delta('USDT', cls('pendingWithdrawals'))).toBe(units('65'));
    expect(delta('USDT', cls('users'))).toBe(units('2828'));
    expect(delta('USDT', cls('feeRevenue')) + delta('USDT', cls('securityFund'))).toBe(units('7'));
    expect(delta('USDT', (c) => c.userLiabilities)).toBe(units('2893'));
    expect(delta('USDT', (c) => c.custodyHeld)).toBe(units('2900'));

    for (const coin of after.values()) {
      expect(coin.sum).toBe('0');
      expect(coin.balanced).toBe(true);
      // Users' money from the demo float is not in custody: the page says so per coin.
      const short = units(coin.userLiabilities) - units(coin.custodyHeld);
      expect(coin.covered).toBe(short <= 0n);
      expect(units(coin.shortfall)).toBe(short > 0n ? short : 0n);
    }
  });
});

/** A signed decimal in units fine enough for every coin, to compare figures exactly. */
const units = (text: string) =>
  text.startsWith('-') ? -parseUnits(text.slice(1), 18) : parseUnits(text, 18);

function emptyCoin(coin: string): Coin {
  const zero = new Proxy({}, { get: () => '0' }) as Record<string, string>;
  return {
    coin,
    classes: zero,
    sum: '0',
    balanced: true,
    userLiabilities: '0',
    custodyHeld: '0',
    shortfall: '0',
    covered: true,
  };
}
