import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../../app.ts';
import { call } from '../../../../test/accounts-helpers.ts';
import {
  held,
  ledgerViolations,
  startAccounts,
  trader,
  trans,
  transfer,
  type Trader,
} from './wallet-helpers.ts';

// Market makers off: nothing trades but what these tests do.
let platform: Platform;
let a: Trader;
let b: Trader;
// Sign-up codes are limited per address and minute: five users serve every test here.
let h: Trader;
let p: Trader;
let k: Trader;

beforeAll(async () => {
  platform = (await startAccounts({ MARKET_MAKERS: 'false' })).platform;
  a = await trader(platform, 'wallet-transfer-a@example.org', { USDT: '1000', BTC: '0.5' });
  b = await trader(platform, 'wallet-transfer-b@example.org', { USDT: '300' });
  h = await trader(platform, 'wallet-transfer-hold@example.org', { USDT: '100' });
  p = await trader(platform, 'wallet-transfer-parallel@example.org', { USDT: '1000' });
  k = await trader(platform, 'wallet-transfer-key@example.org', { USDT: '500' });
});
afterAll(async () => {
  await platform.app.close();
});

const transferPostings = async (user: string) => {
  await platform.engine.projected();
  return platform.database.db
    .selectFrom('ledger_postings')
    .select(['from_account', 'to_account', 'amount'])
    .where('reason', '=', 'transfer')
    .where('from_account', 'like', `u:${user}:%`)
    .execute();
};

describe('transfers between my wallets', () => {
  it('moves available to available, exactly, through both call families', async () => {
    const res = await transfer(platform, a, {
      from: '1',
      to: '2',
      coin: 'usdt',
      amount: '250.5',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      coin: 'USDT',
      from: '1',
      to: '2',
      amount: '250.5',
      balances: [
        { type: '1', available: '749.5', held: '0' },
        { type: '2', available: '250.5', held: '0' },
      ],
    });
    expect(await held(platform, a, 'USDT')).toEqual(['749.5', '250.5', '0']);

    const query = await trans(platform, a, {
      from: '2',
      to: '3',
      coin: 'USDT',
      amount: '0.000001',
    });
    expect(query.status).toBe(200);
    expect(query.body.data.amount).toBe('0.000001');
    expect(await held(platform, a, 'USDT')).toEqual(['749.5', '250.499999', '0.000001']);

    const btc = await transfer(platform, a, { from: '1', to: '3', coin: 'BTC', amount: '0.5' });
    expect(btc.status).toBe(200);
    expect(await held(platform, a, 'BTC')).toEqual(['0', '0', '0.5']);
    expect(await ledgerViolations(platform)).toEqual([]);
  });

  it('refuses bad input with its reason and field, changing nothing', async () => {
    const before = await held(platform, b, 'USDT');
    const postings = (await transferPostings(b.id)).length;
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ from: '1', to: '1', coin: 'USDT', amount: '1' }, 400, 'sameWallet', 'to'],
      [{ from: '1', to: '2', coin: 'NOPE', amount: '1' }, 400, 'unknownCoin', 'coin'],
      [{ from: '1', to: '2', coin: 'USDT', amount: '1.0000001' }, 400, 'tooManyDecimals', 'amount'],
      [{ from: '1', to: '2', coin: 'USDT', amount: '0' }, 400, 'zeroAmount', 'amount'],
      [{ from: '1', to: '2', coin: 'USDT', amount: '-5' }, 400, 'negativeAmount', 'amount'],
      [{ from: '1', to: '2', coin: 'USDT', amount: '1e3' }, 400, 'invalidNumber', 'amount'],
      [{ from: '1', to: '2', coin: 'USDT', amount: 'ten' }, 400, 'invalidNumber', 'amount'],
      [
        { from: '1', to: '2', coin: 'USDT', amount: '300.000001' },
        400,
        'insufficientBalance',
        'amount',
      ],
      [{ from: '2', to: '1', coin: 'USDT', amount: '1' }, 400, 'insufficientBalance', 'amount'],
      [{ from: '1', to: '8', coin: 'USDT', amount: '1' }, 400, 'validation', 'body.to'],
      [{ from: '1', to: '2', coin: 'USDT', amount: 5 }, 400, 'validation', 'body.amount'],
      [{ from: '1', to: '2', coin: 'USDT' }, 400, 'validation', 'body.amount'],
    ];
    for (const [body, status, reason, field] of cases) {
      const res = await transfer(platform, b, body);
      expect(
        [res.status, res.body.data?.reason, res.body.data?.field],
        JSON.stringify(body),
      ).toEqual([status, reason, field]);
    }
    expect(await held(platform, b, 'USDT')).toEqual(before);
    expect((await transferPostings(b.id)).length).toBe(postings);
  });

  it('moves only the available part: what an open order holds stays', async () => {
    const t = h;
    const order = await call(
      platform.app,
      'POST',
      '/api/currency/order/submit',
      { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '20000', quantity: '0.004' },
      t.headers,
    );
    expect(order.status).toBe(200);
    // 80 USDT held by the order, 20 available.
    const over = await transfer(platform, t, { from: '1', to: '2', coin: 'USDT', amount: '20.01' });
    expect(over.body.data.reason).toBe('insufficientBalance');
    const ok = await transfer(platform, t, { from: '1', to: '2', coin: 'USDT', amount: '20' });
    expect(ok.body.data.balances).toEqual([
      { type: '1', available: '0', held: '80' },
      { type: '2', available: '20', held: '0' },
    ]);
  });

  it('never overdraws under parallel transfers', async () => {
    const t = p;
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        transfer(platform, t, {
          from: '1',
          to: i % 2 === 0 ? '2' : '3',
          coin: 'USDT',
          amount: '100',
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200).length;
    const refused = results.filter((r) => r.body.data?.reason === 'insufficientBalance').length;
    expect([ok, refused]).toEqual([10, 15]);
    const [spot, contract, finance] = await held(platform, t, 'USDT');
    expect(spot).toBe('0');
    expect(BigInt(contract!) + BigInt(finance!)).toBe(1000n);
    expect(await ledgerViolations(platform)).toEqual([]);
  });

  it('moves once per Idempotency-Key, across both families, per user', async () => {
    const t = k;
    const u = b;
    const key = { 'idempotency-key': 'move-1' };
    const body = { from: '1', to: '2', coin: 'USDT', amount: '100' };
    const first = await transfer(platform, t, body, key);
    const again = await transfer(platform, t, body, key);
    const viaQuery = await trans(platform, t, body, key);
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(viaQuery.body.data).toEqual(first.body.data);
    expect(await held(platform, t, 'USDT')).toEqual(['400', '100', '0']);
    // The same key of another user is that user's own transfer.
    const theirs = await transfer(platform, u, body, key);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.id).not.toBe(first.body.data.id);
    expect(await held(platform, u, 'USDT')).toEqual(['200', '100', '0']);
    // A refused request frees its key: the corrected retry with it moves.
    const fresh = { 'idempotency-key': 'move-2' };
    const refused = await transfer(platform, t, { ...body, amount: '1000' }, fresh);
    expect(refused.body.data.reason).toBe('insufficientBalance');
    const retried = await transfer(platform, t, body, fresh);
    expect(retried.status).toBe(200);
    expect(await held(platform, t, 'USDT')).toEqual(['300', '200', '0']);
  });

  it("finds the key's transfer in the ledger when its stored answer is gone", async () => {
    const t = k;
    const key = { 'idempotency-key': 'lost-answer' };
    const body = { from: '1', to: '3', coin: 'USDT', amount: '10' };
    const first = await transfer(platform, t, body, key);
    // As after the key's 24 hours, or a crash before the answer was stored.
    await platform.database.db.deleteFrom('idempotency_keys').where('user_id', '=', t.id).execute();
    const again = await transfer(platform, t, body, key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await held(platform, t, 'USDT')).toEqual(['290', '200', '10']);
  });

  it('moves only the caller’s own money and needs a session', async () => {
    const anonymous = await call(platform.app, 'POST', '/api/asset/transferFunds', {
      from: '1',
      to: '2',
      coin: 'USDT',
      amount: '1',
    });
    expect(anonymous.status).toBe(401);
    // There is no field naming a user: the token decides whose wallets move.
    const stray = await transfer(platform, b, {
      from: '1',
      to: '2',
      coin: 'USDT',
      amount: '1',
      userId: a.id,
    });
    expect(stray.status).toBe(400);
    expect(await ledgerViolations(platform)).toEqual([]);
  });
});
