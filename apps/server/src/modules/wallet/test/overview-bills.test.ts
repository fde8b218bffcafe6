import { systemAccount, userAccount, Decimal } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../../app.ts';
import { call } from '../../../../test/accounts-helpers.ts';
import {
  api,
  bills,
  ledgerViolations,
  startAccounts,
  trader,
  transfer,
  type Trader,
} from './wallet-helpers.ts';

// Market makers off: the only trades are the one these tests make.
let platform: Platform;
let a: Trader;
let b: Trader;

const get = (t: Trader, path: string) => call(platform.app, 'GET', api(path), undefined, t.headers);

beforeAll(async () => {
  platform = (await startAccounts({ MARKET_MAKERS: 'false' })).platform;
  a = await trader(platform, 'wallet-overview-a@example.org', { USDT: '1000', BTC: '0.01' });
  b = await trader(platform, 'wallet-overview-b@example.org', { USDT: '500' });
  expect(
    (await transfer(platform, a, { from: '1', to: '2', coin: 'USDT', amount: '200' })).status,
  ).toBe(200);
});
afterAll(async () => {
  await platform.app.close();
});

describe('overview and balances', () => {
  it('answers every wallet and their total in the display currency, exactly', async () => {
    const res = await get(a, '/api/{head}/coin/assets/getWalletAccount?type=0&currency=eur');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.type).toBe('0');
    expect(data.currency).toEqual({ code: 'EUR', symbol: '€', rate: '0.86' });
    expect(data.wallets.map((w: { type: string }) => w.type)).toEqual(['1', '2', '3']);
    const [spot, contract, finance] = data.wallets;
    const usdt = (w: { coins: { coin: string }[] }) => w.coins.find((c) => c.coin === 'USDT');
    expect(usdt(spot)).toEqual({
      coin: 'USDT',
      available: '800',
      held: '0',
      amount: '800',
      price: '1',
      valueUsdt: '800',
      value: '688',
    });
    expect(contract.totalUsdt).toBe('200');
    expect(contract.total).toBe('172');
    expect(finance.totalUsdt).toBe('0');
    // Every listed coin is there, zero or not: the page decides what to hide.
    expect(spot.coins.length).toBe(platform.engine.assets().length);
    // BTC is worth its amount times its price, whatever the market says now.
    const btc = spot.coins.find((c: { coin: string }) => c.coin === 'BTC');
    expect(btc.amount).toBe('0.01');
    const btcWorth = btc.price === null ? Decimal.parse('0')! : Decimal.parse(btc.valueUsdt)!;
    if (btc.price !== null) {
      expect(btcWorth.eq(Decimal.parse('0.01')!.times(Decimal.parse(btc.price)!))).toBe(true);
    }
    const sum = Decimal.parse('1000')!.plus(btcWorth);
    expect(Decimal.parse(data.totalUsdt)!.eq(sum)).toBe(true);
    expect(Decimal.parse(data.total)!.eq(sum.times(Decimal.parse('0.86')!))).toBe(true);
  });

  it('answers one wallet, and refuses the merchant wallet and unknown currencies', async () => {
    const one = await get(a, '/api/{head}/coin/assets/getWalletAccount?type=2&currency=USD');
    expect(one.body.data.wallets.map((w: { type: string }) => w.type)).toEqual(['2']);
    expect([one.body.data.totalUsdt, one.body.data.total]).toEqual(['200', '200']);
    const merchant = await get(a, '/api/{head}/coin/assets/getWalletAccount?type=8');
    expect([merchant.status, merchant.body.data.reason]).toEqual([403, 'merchantWalletOnly']);
    const currency = await get(a, '/api/{head}/coin/assets/getWalletAccount?currency=xyz');
    expect([currency.status, currency.body.data.reason, currency.body.data.field]).toEqual([
      400,
      'unknownCurrency',
      'currency',
    ]);
    const type = await get(a, '/api/{head}/coin/assets/getWalletAccount?type=5');
    expect(type.status).toBe(400);
    // The default currency is the first published one (CNY, the seed's).
    const cny = await get(a, '/api/{head}/coin/assets/getWalletAccount?type=2');
    expect([cny.body.data.currency.code, cny.body.data.total]).toEqual(['CNY', '1420']);
  });

  it('lists balances per wallet, coins held, and one coin across wallets', async () => {
    const spot = await get(a, '/api/{head}/coin/assets/getMyBalance');
    expect(spot.body.data.find((r: { coin: string }) => r.coin === 'USDT')).toEqual({
      coin: 'USDT',
      available: '800',
      held: '0',
      amount: '800',
    });
    const coins = await call(
      platform.app,
      'POST',
      '/api/userCoin/getUserCoin',
      undefined,
      a.headers,
    );
    expect(coins.status).toBe(200);
    expect(coins.body.data.map((c: { coin: string }) => c.coin).sort()).toEqual(['BTC', 'USDT']);
    const contract = await call(
      platform.app,
      'POST',
      '/api/userCoin/getUserCoin',
      { type: '2' },
      a.headers,
    );
    expect(
      contract.body.data.map((c: { coin: string; amount: string }) => [c.coin, c.amount]),
    ).toEqual([['USDT', '200']]);
    const account = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/assets/getCurrencyAccount'),
      { coin: 'usdt' },
      a.headers,
    );
    expect(account.body.data).toEqual({
      coin: 'USDT',
      decimals: 6,
      price: '1',
      accounts: [
        { type: '1', available: '800', held: '0' },
        { type: '2', available: '200', held: '0' },
        { type: '3', available: '0', held: '0' },
      ],
    });
    const unknown = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/assets/getCurrencyAccount'),
      { coin: 'NOPE' },
      a.headers,
    );
    expect([unknown.status, unknown.body.data.reason]).toEqual([400, 'unknownCoin']);
    // Another user sees their own balances only.
    const theirs = await get(b, '/api/{head}/coin/assets/getWalletAccount?type=0&currency=usd');
    expect(theirs.body.data.totalUsdt).toBe('500');
    const anonymous = await call(
      platform.app,
      'GET',
      api('/api/{head}/coin/assets/getWalletAccount'),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('bills', () => {
  it('lists every posting that moved my wallets, signed, with its reason', async () => {
    const res = await bills(platform, a, { size: 100 });
    expect(res.status).toBe(200);
    const rows = res.body.data.list as Array<Record<string, unknown>>;
    // Newest first: the transfer's two sides (what left, then where it went), the deposits.
    expect(rows.map((r) => [r.reason, r.coin, r.wallet, r.amount])).toEqual([
      ['transfer', 'USDT', '1', '-200'],
      ['transfer', 'USDT', '2', '200'],
      ['deposit', 'BTC', '1', '0.01'],
      ['deposit', 'USDT', '1', '1000'],
    ]);
    expect(rows[0]!.postingId).toBe(rows[1]!.postingId);
    expect(String(rows[0]!.reference)).toMatch(/^transfer:/);
    expect(rows[3]!.reference).toBe('deposit:test-wallet-overview-a@example.org-USDT');
    expect(res.body.data.total).toBe(4);
  });

  it('shows trades and fees, never holds, and an adjustment with its reason', async () => {
    const sell = await call(
      platform.app,
      'POST',
      '/api/currency/order/submit',
      { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '30000', quantity: '0.005' },
      a.headers,
    );
    expect(sell.status).toBe(200);
    const buy = await call(
      platform.app,
      'POST',
      '/api/currency/order/submit',
      { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '30000', quantity: '0.005' },
      b.headers,
    );
    expect(buy.status).toBe(200);
    // A correction, as an approved proposal posts it: from operator capital, by reference.
    await platform.database.db
      .insertInto('balance_adjustments')
      .values({
        id: 'adj-wallet-test',
        user_id: b.id,
        asset: 'USDT',
        amount: '12.5',
        reason: 'Refund of a fee charged twice',
        state: 'approved',
        proposed_by: 'op-1',
        proposed_at: new Date().toISOString(),
        decided_by: 'op-2',
        decided_at: new Date().toISOString(),
        decision_note: null,
      })
      .execute();
    const ack = await platform.engine.adjust(
      systemAccount('operator_capital', 'USDT'),
      userAccount(b.id, 'USDT', 'available'),
      'USDT',
      '12.5',
      'adjustment:adj-wallet-test',
    );
    expect(ack.events[0]!.type).toBe('adjusted');

    const mine = (await bills(platform, b, { size: 100 })).body.data.list as Array<
      Record<string, unknown>
    >;
    expect(mine.map((r) => [r.reason, r.coin, r.amount, r.note])).toEqual([
      ['adjustment', 'USDT', '12.5', 'Refund of a fee charged twice'],
      // The buyer pays 150 USDT from what the order held and gets 0.005 BTC, less the fee.
      // The taker fee (0.2%), a tenth of it to the asset security fund.
      ['fee', 'BTC', '-0.000009', null],
      ['security_fund', 'BTC', '-0.000001', null],
      ['trade', 'USDT', '-150', null],
      ['trade', 'BTC', '0.005', null],
      ['deposit', 'USDT', '500', null],
    ]);
    // The seller's side of the same trade is in the seller's bills, not the buyer's.
    const theirs = (await bills(platform, a, { reason: 'trade' })).body.data.list as Array<
      Record<string, unknown>
    >;
    expect(theirs.map((r) => [r.coin, r.amount])).toEqual([
      ['USDT', '150'],
      ['BTC', '-0.005'],
    ]);
    expect(mine.some((r) => r.reason === 'transfer')).toBe(false);
    expect(await ledgerViolations(platform)).toEqual([]);
  });

  it('filters by coin, reason, wallet and time, and pages', async () => {
    const all = (await bills(platform, a, { size: 100 })).body.data;
    const by = async (filter: Record<string, unknown>) =>
      (await bills(platform, a, { size: 100, ...filter })).body.data as {
        list: Array<Record<string, unknown>>;
        total: number;
      };
    expect((await by({ coin: 'btc' })).list.every((r) => r.coin === 'BTC')).toBe(true);
    expect((await by({ reason: 'deposit' })).total).toBe(2);
    expect((await by({ wallet: '2' })).list.map((r) => r.amount)).toEqual(['200']);
    expect((await by({ coin: 'USDT', reason: 'transfer', wallet: '1' })).total).toBe(1);
    const newest = all.list[0].time as number;
    const oldest = all.list.at(-1).time as number;
    expect((await by({ start: newest + 1 })).total).toBe(0);
    expect((await by({ end: oldest })).total).toBe(0);
    expect((await by({ start: oldest, end: newest + 1 })).total).toBe(all.total);
    const page2 = (await bills(platform, a, { page: 2, size: 2 })).body.data;
    expect(page2.list.map((r: { id: string }) => r.id)).toEqual(
      all.list.slice(2, 4).map((r: { id: string }) => r.id),
    );
    expect([page2.total, page2.page, page2.size]).toEqual([all.total, 2, 2]);
  });

  it('refuses filters that are not one', async () => {
    for (const body of [
      { reason: 'hold' },
      { size: 0 },
      { size: 501 },
      { wallet: '9' },
      { start: -1 },
    ]) {
      const res = await bills(platform, a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await call(
      platform.app,
      'POST',
      api('/api/{head}/coin/assets/getMyBill'),
      {},
    );
    expect(anonymous.status).toBe(401);
  });
});
