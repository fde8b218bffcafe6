import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { poolAccount, systemAccount } from '@meridian/core';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import {
  call,
  rememberPlatform,
  seal,
  TestClock,
  trader,
  type Trader,
} from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator, type SignedInOperator } from '../../../../test/operator-helpers.ts';
import { up as migration0050 } from '../migrations/0050_bank_withdrawals_and_reviews.ts';

const FUND = 'Fund-pass-1';
const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
const CARD = { cardNumber: '6222 0212 3456 7890 123', bankName: 'Bank of Examples' };
const QUEUE = '/api/ops/reviews/withdrawal';

// Withdrawals in the operators' review queue, and the bank way, on each test database.
describe.each(testDatabases())('withdrawal reviews on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  let p: Platform;
  let clock: TestClock;
  let serial = 0;

  afterEach(async () => {
    await p?.app.close();
    await database?.close();
    await current?.dispose();
    current = undefined;
    database = undefined;
  });

  let config: ReturnType<typeof testConfig>;

  /** A platform on a new test database, or with `restart` the same one and its data folder. */
  async function start(restart = false) {
    if (!restart) {
      current = await create();
      config = testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false' });
      clock = new TestClock();
    }
    database = current!.open();
    p = rememberPlatform(await buildPlatform(config, { logger: false, database, clock }));
    await p.app.ready();
  }

  async function user(funds: Record<string, string>): Promise<Trader> {
    const t = await trader(p, `wr${++serial}-${Date.now()}@example.org`, funds);
    const sealed = await seal(p.app, { password: FUND, confirmPassword: FUND });
    const set = await call(p.app, 'POST', '/api/core/coin/member/tradePwd', sealed, t.headers);
    expect(set.status).toBe(200);
    return t;
  }

  const submit = (t: Trader, fields: Record<string, string>) =>
    call(
      p.app,
      'POST',
      `/api/withdraw/submit?${new URLSearchParams({ coin: 'USDT', fundPassword: FUND, ...fields })}`,
      undefined,
      t.headers,
    );
  const toAddress = (t: Trader, amount: string) =>
    submit(t, { network: 'ERC20', address: ADDRESS, amount });
  const op = (who: SignedInOperator, method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(p.app, method, url, method === 'POST' ? (body ?? {}) : undefined, who.headers);
  const available = (t: Trader) => p.engine.balance(t.id, 'USDT')!.available;
  const ledger = (account: string) =>
    p.engine.ledgerEntries().find(([k]) => k === account)?.[1] ?? 0n;
  const log = async (t: Trader) =>
    (await call(p.app, 'POST', '/api/core/coin/assets/getWithdrawalLog', {}, t.headers)).body.data;
  const itemOf = async (who: SignedInOperator, withdrawalId: string) => {
    const list = await op(who, 'GET', `${QUEUE}?state=pending`);
    return (list.body.data.records as Array<{ id: string; withdrawalId: string }>).find(
      (r) => r.withdrawalId === withdrawalId,
    );
  };

  it('a withdrawal under review opens a queue item; claim and approve move it', async () => {
    await start();
    const u = await user({ USDT: '5000' });
    const small = (await toAddress(u, '100')).body.data;
    const res = await toAddress(u, '1500');
    expect(res.body.data).toMatchObject({ state: 'review', way: 'address', fee: '5' });
    const id = res.body.data.id as string;
    const finance = await signInOperator(p, 'finance', { clock });
    const support = await signInOperator(p, 'support', { clock });

    const item = await itemOf(support, id);
    expect(item).toMatchObject({
      withdrawalId: id,
      userId: u.id,
      coin: 'USDT',
      network: 'ERC20',
      way: 'address',
      amount: '1500',
      fee: '5',
      state: 'pending',
    });
    // The one below the threshold never waited for a person.
    expect(await itemOf(support, small.id)).toBeUndefined();
    const listed = await op(support, 'GET', '/api/ops/withdrawals?state=review');
    expect(listed.body.data.records).toEqual([expect.objectContaining({ id, reviewId: item!.id })]);

    const detail = await op(support, 'GET', `${QUEUE}/${item!.id}`);
    expect(detail.body.data).toMatchObject({
      withdrawal: { id, address: ADDRESS, amount: '1500', state: 'review' },
      bankCard: null,
      level: 0,
      rule: { network: 'ERC20', reviewThreshold: '1000', dailyLimit: '2000' },
      dayTotal: '1600',
      earlier: [expect.objectContaining({ id: small.id, reviewId: null })],
      history: [],
    });

    // Support reads; only finance claims and decides. The old approve path is gone, and
    // the old reject does not decide what the queue holds.
    expect((await op(support, 'POST', `${QUEUE}/${item!.id}/claim`)).status).toBe(403);
    expect((await op(finance, 'POST', `/api/ops/withdrawals/${id}/approve`)).status).toBe(404);
    const sidestep = await op(finance, 'POST', `/api/ops/withdrawals/${id}/reject`, {
      reason: 'Not through the queue',
    });
    expect(sidestep.status).toBe(409);
    expect(sidestep.body.data).toMatchObject({ reason: 'withdrawalUnderReview' });
    expect((await op(finance, 'POST', `${QUEUE}/${item!.id}/approve`)).status).toBe(409);

    expect((await op(finance, 'POST', `${QUEUE}/${item!.id}/claim`)).status).toBe(200);
    const approved = await op(finance, 'POST', `${QUEUE}/${item!.id}/approve`);
    expect(approved.body.data).toMatchObject({ state: 'approved', decidedBy: finance.email });
    const [mine] = (await log(u)).records.filter((w: { id: string }) => w.id === id);
    expect(mine).toMatchObject({ state: 'approved', cancellable: true });
    // Held until sent: 5000 - 105 - 1505.
    expect(available(u)).toBe('3390');
    const audit = await p.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', item!.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.claim', 'withdrawal.approve']);
  });

  it('a rejection releases the hold exactly and the user reads its reason', async () => {
    await start();
    const u = await user({ USDT: '2000' });
    const id = (await toAddress(u, '1200')).body.data.id as string;
    expect(available(u)).toBe('795');
    expect(ledger(poolAccount('withdrawals', 'USDT'))).toBe(1_205_000_000n);
    const finance = await signInOperator(p, 'finance', { clock });
    const item = (await itemOf(finance, id))!;
    await op(finance, 'POST', `${QUEUE}/${item.id}/claim`);
    const rejected = await op(finance, 'POST', `${QUEUE}/${item.id}/reject`, {
      reason: 'Address tied to a scam report',
    });
    expect(rejected.status).toBe(200);
    expect(available(u)).toBe('2000');
    expect(ledger(poolAccount('withdrawals', 'USDT'))).toBe(0n);
    const [mine] = (await log(u)).records;
    expect(mine).toMatchObject({
      id,
      state: 'rejected',
      reason: 'Address tied to a scam report',
      cancellable: false,
    });
    // The day's count is given back with it.
    const info = await call(
      p.app,
      'GET',
      '/api/core/coin/assets/getWithdrawalInfo',
      undefined,
      u.headers,
    );
    expect(info.body.data.coins.find((c: { coin: string }) => c.coin === 'USDT').leftToday).toBe(
      '2000',
    );
  });

  it('two operators racing one item: one claim, one decision', async () => {
    await start();
    const u = await user({ USDT: '3000' });
    const id = (await toAddress(u, '1000')).body.data.id as string;
    const a = await signInOperator(p, 'finance', { clock });
    const b = await signInOperator(p, 'admin', { clock });
    const item = (await itemOf(a, id))!;
    const claims = await Promise.all([
      op(a, 'POST', `${QUEUE}/${item.id}/claim`),
      op(b, 'POST', `${QUEUE}/${item.id}/claim`),
    ]);
    expect(claims.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = claims[0]!.status === 200 ? a : b;
    const decisions = await Promise.all([
      op(a, 'POST', `${QUEUE}/${item.id}/reject`, { reason: 'Racing reject' }),
      op(b, 'POST', `${QUEUE}/${item.id}/reject`, { reason: 'Racing reject' }),
      op(winner, 'POST', `${QUEUE}/${item.id}/approve`),
    ]);
    expect(decisions.filter((r) => r.status === 200)).toHaveLength(1);
    const state = (await log(u)).records[0].state as string;
    // Released exactly once when rejected, held when approved.
    expect(available(u)).toBe(state === 'rejected' ? '3000' : '1995');
  });

  it('pays a bound bank card: held, reviewed, sent with the bank reference, balances exact', async () => {
    await start();
    const u = await user({ USDT: '1000', BTC: '1' });
    const none = await submit(u, { way: 'bank', amount: '100' });
    expect(none.status).toBe(400);
    expect(none.body.data).toMatchObject({ reason: 'withdrawalBankCardRequired', field: 'way' });
    expect(available(u)).toBe('1000');

    expect((await call(p.app, 'POST', '/api/userBank/save', CARD, u.headers)).status).toBe(200);
    const btc = await submit(u, { way: 'bank', coin: 'BTC', amount: '0.1' });
    expect(btc.status).toBe(400);
    expect(btc.body.msg).toBe('BTC cannot be withdrawn to a bank card');
    const withAddress = await submit(u, { way: 'bank', address: ADDRESS, amount: '100' });
    expect(withAddress.status).toBe(400);
    expect(withAddress.body.data.field).toBe('query.address');
    expect(withAddress.body.msg).toContain(
      'A bank card withdrawal takes no chain network or address',
    );
    // The contract's own refinement is worded in the caller's language too.
    const inGerman = await call(
      p.app,
      'POST',
      `/api/withdraw/submit?${new URLSearchParams({ coin: 'USDT', fundPassword: FUND, way: 'address', amount: '100' })}`,
      undefined,
      { ...u.headers, lang: 'de' },
    );
    expect(inGerman.body.msg).toContain('Wähle das Netzwerk für die Auszahlung');

    const res = await submit(u, { way: 'bank', amount: '100' });
    expect(res.status).toBe(200);
    // The bank way's rule: a fee of 2, and every one waits for a person.
    expect(res.body.data).toMatchObject({
      way: 'bank',
      network: 'BANK',
      address: '**** **** **** 0123',
      amount: '100',
      fee: '2',
      state: 'review',
    });
    const id = res.body.data.id as string;
    expect(available(u)).toBe('898');
    const custodyBefore = ledger(systemAccount('custody', 'USDT'));
    const bankBefore = ledger(systemAccount('bank_receipts', 'USDT'));

    const finance = await signInOperator(p, 'finance', { clock });
    const item = (await itemOf(finance, id))!;
    expect(item).toMatchObject({ way: 'bank', network: 'BANK' });
    const detail = await op(finance, 'GET', `${QUEUE}/${item.id}`);
    expect(detail.body.data.bankCard).toMatchObject({
      cardNumber: '**** **** **** 0123',
      bankName: 'Bank of Examples',
    });
    expect(JSON.stringify(detail.body)).not.toContain('62220212');
    // The whole number only for paying an approved one, to a reviewer, and audited.
    const payee = `/api/ops/withdrawals/${id}/payee`;
    expect((await op(finance, 'GET', payee)).body.data).toMatchObject({
      reason: 'withdrawalPayeeNotPayable',
    });
    await op(finance, 'POST', `${QUEUE}/${item.id}/claim`);
    expect((await op(finance, 'POST', `${QUEUE}/${item.id}/approve`)).status).toBe(200);
    const support = await signInOperator(p, 'support', { clock });
    expect((await op(support, 'GET', payee)).status).toBe(403);
    const whole = await op(finance, 'GET', payee);
    expect(whole.body.data).toMatchObject({
      cardNumber: '6222021234567890123',
      bankName: 'Bank of Examples',
    });
    const audited = await p.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'operator_email'])
      .where('action', '=', 'withdrawal.payee.view')
      .execute();
    expect(audited).toEqual([
      { action: 'withdrawal.payee.view', target_id: id, operator_email: finance.email },
    ]);

    const withTxid = await op(finance, 'POST', `/api/ops/withdrawals/${id}/sent`, {
      txid: 'ab'.repeat(32),
    });
    expect(withTxid.status).toBe(400);
    expect(withTxid.body.data).toMatchObject({ reason: 'withdrawalReferenceRequired' });
    const both = await op(finance, 'POST', `/api/ops/withdrawals/${id}/sent`, {
      txid: 'ab'.repeat(32),
      reference: 'FT24112600123',
    });
    expect(both.status).toBe(400);
    expect(available(u)).toBe('898');
    const sent = await op(finance, 'POST', `/api/ops/withdrawals/${id}/sent`, {
      reference: 'FT24112600123',
    });
    expect(sent.body.data).toMatchObject({ state: 'completed', txid: 'FT24112600123' });
    expect(available(u)).toBe('898');
    expect(ledger(poolAccount('withdrawals', 'USDT'))).toBe(0n);
    // The 100 left the platform's bank account, not its coin wallets; the fee of 2 is
    // revenue, a tenth to the fund.
    expect(ledger(systemAccount('bank_receipts', 'USDT')) - bankBefore).toBe(100_000_000n);
    expect(ledger(systemAccount('custody', 'USDT'))).toBe(custodyBefore);
    expect(ledger(systemAccount('fee_revenue', 'USDT'))).toBe(1_800_000n);
    expect(ledger(systemAccount('security_fund', 'USDT'))).toBe(200_000n);
    expect((await log(u)).records[0]).toMatchObject({ state: 'completed', txid: 'FT24112600123' });

    // A chain withdrawal is recorded with a txid, never a bank reference.
    const chain = (await toAddress(u, '50')).body.data.id as string;
    const wrong = await op(finance, 'POST', `/api/ops/withdrawals/${chain}/sent`, {
      reference: 'FT24112600124',
    });
    expect(wrong.body.data).toMatchObject({ reason: 'withdrawalTxidRequired' });
  });

  it('a cancel takes the waiting item out of the queue; racing a decision, one wins whole', async () => {
    await start();
    const u = await user({ USDT: '5000' });
    const finance = await signInOperator(p, 'finance', { clock });
    const cancel = (id: string) =>
      call(p.app, 'POST', '/api/core/coin/assets/cancelWithdrawal', { id }, u.headers);

    const first = (await toAddress(u, '1000')).body.data.id as string;
    expect(await itemOf(finance, first)).toBeDefined();
    expect((await cancel(first)).body.data.state).toBe('cancelled');
    expect(await itemOf(finance, first)).toBeUndefined();
    expect(available(u)).toBe('5000');

    const second = (await toAddress(u, '1000')).body.data.id as string;
    const item = (await itemOf(finance, second))!;
    await op(finance, 'POST', `${QUEUE}/${item.id}/claim`);
    const [cancelled, approved] = await Promise.all([
      cancel(second),
      op(finance, 'POST', `${QUEUE}/${item.id}/approve`),
    ]);
    // Approved first: the user may still cancel an approved one. Cancelled first: the
    // item is gone and the decision finds nothing. Either way the hold came back once.
    expect(cancelled.status).toBe(200);
    expect([200, 404]).toContain(approved.status);
    expect(cancelled.body.data.state).toBe('cancelled');
    expect(available(u)).toBe('5000');
    expect(ledger(poolAccount('withdrawals', 'USDT'))).toBe(0n);
  });

  it('a rejection decided in the queue but not yet released is released on the next start', async () => {
    await start();
    const u = await user({ USDT: '2000' });
    const id = (await toAddress(u, '1200')).body.data.id as string;
    const finance = await signInOperator(p, 'finance', { clock });
    const item = (await itemOf(finance, id))!;
    // As if the process stopped right after the decision's commit, before its release.
    const db = p.database.db as unknown as Kysely<{
      reviews: { id: string; state: string; reason: string | null };
      withdrawals: { id: string; state: string; reason: string | null };
    }>;
    await db
      .updateTable('reviews')
      .set({ state: 'rejected', reason: 'Suspicious address' })
      .where('id', '=', item.id)
      .execute();
    await db
      .updateTable('withdrawals')
      .set({ state: 'rejecting', reason: 'Suspicious address' })
      .where('id', '=', id)
      .execute();
    expect(available(u)).toBe('795');
    await p.app.close();
    await database!.close();

    await start(true);
    expect(available(u)).toBe('2000');
    expect(ledger(poolAccount('withdrawals', 'USDT'))).toBe(0n);
    expect((await log(u)).records[0]).toMatchObject({
      id,
      state: 'rejected',
      reason: 'Suspicious address',
    });
  });

  it("another user's withdrawal is never visible or cancellable", async () => {
    await start();
    const u = await user({ USDT: '500' });
    const other = await user({ USDT: '10' });
    await call(p.app, 'POST', '/api/userBank/save', CARD, u.headers);
    const id = (await submit(u, { way: 'bank', amount: '100' })).body.data.id as string;
    expect((await log(other)).total).toBe(0);
    const cancel = await call(
      p.app,
      'POST',
      '/api/core/coin/assets/cancelWithdrawal',
      { id },
      other.headers,
    );
    expect(cancel.status).toBe(404);
    expect(available(u)).toBe('398');
  });

  it('migration 0050 opens an item for a withdrawal already under review, once', async () => {
    await start();
    const u = await user({ USDT: '3000' });
    const id = (await toAddress(u, '1000')).body.data.id as string;
    const db = p.database.db as unknown as Kysely<{
      reviews: { kind: string; subject_id: string; state: string };
    }>;
    // As a deployment from before the queue carried withdrawals.
    await db.deleteFrom('reviews').where('subject_id', '=', id).execute();
    await migration0050(p.database.db as unknown as Kysely<unknown>);
    await migration0050(p.database.db as unknown as Kysely<unknown>);
    const items = await db.selectFrom('reviews').selectAll().where('subject_id', '=', id).execute();
    expect(items).toEqual([expect.objectContaining({ kind: 'withdrawal', state: 'pending' })]);
  });
});
