import { afterEach, describe, expect, it } from 'vitest';
import { classTotals, poolAccount, systemAccount, userAccount } from '@meridian/core';
import type { Platform } from '../../../app.ts';
import {
  auth,
  call,
  latestCode,
  registerByEmail,
  seal,
  startAccounts,
  totpCode,
  type TestClock,
} from '../../../../test/accounts-helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';

const FUND = 'Fund-pass-1';
const EVM_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const USDT_POOL = poolAccount('withdrawals', 'USDT');

let platform: Platform;
let clock: TestClock;

afterEach(async () => {
  await platform?.app.close();
});

async function start() {
  const started = await startAccounts();
  platform = started.platform;
  clock = started.clock;
  return started;
}

interface User {
  id: string;
  email: string;
  token: string;
  headers: Record<string, string>;
}

let serial = 0;
async function user(funds: Record<string, string>, fundPassword = true): Promise<User> {
  const email = `w${++serial}-${Date.now()}@example.org`;
  const { token, userInfo } = await registerByEmail(platform.app, email);
  for (const [asset, amount] of Object.entries(funds)) {
    const ack = await platform.engine.deposit(userInfo.id, asset, amount, `t-${email}-${asset}`);
    expect(ack.events.some((e) => e.type === 'rejected')).toBe(false);
  }
  if (fundPassword) {
    const sealed = await seal(platform.app, { password: FUND, confirmPassword: FUND });
    const set = await call(
      platform.app,
      'POST',
      '/api/core/coin/member/tradePwd',
      sealed,
      auth(token),
    );
    expect(set.status).toBe(200);
  }
  return { id: userInfo.id, email, token, headers: auth(token) };
}

function submit(u: User, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const query = new URLSearchParams({
    coin: 'USDT',
    network: 'ERC20',
    address: EVM_ADDRESS,
    fundPassword: FUND,
    ...fields,
  });
  return call(platform.app, 'POST', `/api/withdraw/submit?${query}`, undefined, {
    ...u.headers,
    ...headers,
  });
}

function balance(u: User, asset = 'USDT') {
  return platform.engine.balance(u.id, asset)!;
}

function ledger(account: string): bigint {
  return platform.engine.ledgerEntries().find(([k]) => k === account)?.[1] ?? 0n;
}

/** Every asset's postings sum to zero and no floored account is negative. */
function invariantsHold() {
  for (const totals of classTotals(platform.engine.ledgerEntries())) {
    const sum = Object.values(totals.totals).reduce((a, b) => a + b, 0n);
    expect(sum).toBe(0n);
  }
  for (const [key, value] of platform.engine.ledgerEntries()) {
    if (key.startsWith('u:') || key.startsWith('p:')) expect(value >= 0n).toBe(true);
  }
}

async function ops(who: { headers: Record<string, string> }, url: string, body?: unknown) {
  return call(platform.app, 'POST', url, body ?? {}, who.headers);
}

describe('withdrawal rules', () => {
  it('are published per coin, network and level, and shown to the user with what is left', async () => {
    await start();
    const rules = await call(platform.app, 'GET', '/api/core/coin/assets/getWithdrawalRules');
    expect(rules.status).toBe(200);
    expect(rules.body.data).toContainEqual({
      coin: 'USDT',
      network: 'ERC20',
      level: 0,
      fee: '5',
      minAmount: '20',
      dailyLimit: '2000',
      reviewThreshold: '1000',
    });
    const u = await user({ USDT: '100' }, false);
    const info = await call(
      platform.app,
      'GET',
      '/api/core/coin/assets/getWithdrawalInfo',
      undefined,
      u.headers,
    );
    expect(info.body.data).toMatchObject({
      level: 0,
      fundPasswordSet: false,
      totpBound: false,
      blockedUntil: null,
      frozen: false,
    });
    const usdt = info.body.data.coins.find((c: { coin: string }) => c.coin === 'USDT');
    expect(usdt).toMatchObject({ available: '100', leftToday: '2000' });
  });
});

describe('submitting a withdrawal', () => {
  it('holds amount + fee in the pool, and approve-free sending pays custody and fees', async () => {
    await start();
    const u = await user({ USDT: '1000' });
    const res = await submit(u, { amount: '100' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      coin: 'USDT',
      amount: '100',
      fee: '5',
      arrival: '100',
      state: 'approved',
      cancellable: true,
    });
    expect(balance(u)).toMatchObject({ available: '895', held: '0' });
    expect(ledger(USDT_POOL)).toBe(105_000_000n);
    invariantsHold();

    const finance = await signInOperator(platform, 'finance', { clock });
    const txid = 'ab'.repeat(32);
    // The demo's market makers trade meanwhile: fee accounts are compared by difference.
    const custody = ledger(systemAccount('custody', 'USDT'));
    const fund = ledger(systemAccount('security_fund', 'USDT'));
    const revenue = ledger(systemAccount('fee_revenue', 'USDT'));
    const sent = await ops(finance, `/api/ops/withdrawals/${res.body.data.id}/sent`, { txid });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ state: 'completed', txid, cancellable: false });
    expect(ledger(USDT_POOL)).toBe(0n);
    expect(ledger(systemAccount('custody', 'USDT')) - custody).toBe(100_000_000n);
    expect(ledger(systemAccount('security_fund', 'USDT')) - fund).toBe(500_000n);
    expect(ledger(systemAccount('fee_revenue', 'USDT')) - revenue).toBe(4_500_000n);
    expect(balance(u)).toMatchObject({ available: '895', held: '0' });
    invariantsHold();
    // Sent twice: refused, nothing moves twice.
    const again = await ops(finance, `/api/ops/withdrawals/${res.body.data.id}/sent`, { txid });
    expect(again.status).toBe(409);
    expect(ledger(systemAccount('custody', 'USDT')) - custody).toBe(100_000_000n);

    const log = await call(
      platform.app,
      'POST',
      '/api/core/coin/assets/getWithdrawalLog',
      { current: 1, size: 10 },
      u.headers,
    );
    expect(log.body.data.total).toBe(1);
    expect(log.body.data.records[0]).toMatchObject({ state: 'completed', txid });
  });

  it('through the sealed JSON call too, and waits for review from the threshold up', async () => {
    await start();
    const u = await user({ USDT: '5000' });
    const sealed = await seal(platform.app, {
      coin: 'usdt',
      network: 'ERC20',
      address: EVM_ADDRESS,
      amount: '1000',
      fundPassword: FUND,
    });
    const res = await call(
      platform.app,
      'POST',
      '/api/core/coin/assets/withdrawal',
      sealed,
      u.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'review', amount: '1000', fee: '5' });
    expect(balance(u).available).toBe('3995');

    const finance = await signInOperator(platform, 'finance', { clock });
    const support = await signInOperator(platform, 'support', { clock });
    const id = res.body.data.id as string;
    const queue = await call(
      platform.app,
      'GET',
      '/api/ops/withdrawals?state=review',
      undefined,
      support.headers,
    );
    expect(queue.body.data.records.map((r: { id: string }) => r.id)).toEqual([id]);
    // Decided in the review queue: claimed, then approved, each audited.
    const item = queue.body.data.records[0].reviewId as string;
    expect((await ops(support, `/api/ops/reviews/withdrawal/${item}/claim`)).status).toBe(403);
    expect((await ops(finance, `/api/ops/reviews/withdrawal/${item}/claim`)).status).toBe(200);
    const approved = await ops(finance, `/api/ops/reviews/withdrawal/${item}/approve`);
    expect(approved.body.data).toMatchObject({ state: 'approved', decidedBy: finance.email });
    const after = await call(
      platform.app,
      'GET',
      `/api/ops/withdrawals?userId=${u.id}`,
      undefined,
      support.headers,
    );
    expect(after.body.data.records[0]).toMatchObject({ state: 'approved', decidedBy: finance.id });
    const audit = await platform.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', item)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.claim', 'withdrawal.approve']);
  });

  it('refuses, with its message and nothing changed, each broken rule', async () => {
    await start();
    const u = await user({ USDT: '3000' });
    const before = balance(u);
    const refused = async (
      fields: Record<string, string>,
      status: number,
      msg: string | RegExp,
      who = u,
    ) => {
      const res = await submit(who, fields);
      expect(res.status).toBe(status);
      expect(res.body.msg).toMatch(msg);
    };
    await refused({ amount: '19' }, 400, 'The minimum withdrawal is 20 USDT');
    await refused(
      { amount: '50', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      400,
      'This is not a valid ERC20 address',
    );
    await refused({ amount: '50', network: 'BTC' }, 400, 'USDT cannot be withdrawn on BTC');
    await refused(
      { amount: '50', fundPassword: 'Wrong-pass-1' },
      400,
      'The fund password is wrong',
    );
    await refused({ amount: '2001' }, 400, /today’s withdrawal limit allows: 2000 USDT left/);
    await refused({ amount: '0.0000001' }, 400, /too many decimal places/);
    await refused({ amount: '2999' }, 400, /more than today|Insufficient balance/);
    expect(balance(u)).toEqual(before);
    const none = await user({ USDT: '100' }, false);
    await refused({ amount: '50' }, 400, 'Please set the fund password', none);
    expect(ledger(USDT_POOL)).toBe(0n);
    const count = await platform.database.db
      .selectFrom('withdrawals' as never)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses inside the 24-hour lock after a password change, and while frozen', async () => {
    await start();
    const u = await user({ USDT: '500' });
    const sealed = await seal(platform.app, {
      oldPassword: 'Secret123',
      newPassword: 'Secret456',
      confirmPassword: 'Secret456',
    });
    const changed = await call(
      platform.app,
      'POST',
      '/api/user/updateUserLoginPwd',
      sealed,
      u.headers,
    );
    expect(changed.status).toBe(200);
    const login = await call(platform.app, 'POST', '/api/user/login', {
      type: 'email',
      username: u.email,
      password: 'Secret456',
    });
    const fresh = { ...u, headers: auth(login.body.data.token) };
    const locked = await submit(fresh, { amount: '50' });
    expect(locked.status).toBe(403);
    expect(locked.body.msg).toMatch(/locked for 24 hours after a security change, until/);
    clock.advance(24 * 3600 + 1);
    const compliance = await signInOperator(platform, 'compliance', { clock });
    const freeze = await ops(compliance, `/api/ops/users/${u.id}/freeze`, {
      kind: 'withdrawals',
      frozen: true,
      reason: 'Source of funds check',
    });
    expect(freeze.status).toBe(200);
    const frozen = await submit(fresh, { amount: '50' });
    expect(frozen.status).toBe(403);
    expect(frozen.body.msg).toBe(
      'Withdrawals from this account are frozen; please contact support',
    );
    expect(balance(u).available).toBe('500');
  });

  it('a fund password change and removing the authenticator each lock withdrawals a day', async () => {
    await start();
    const u = await user({ USDT: '500' });
    clock.advance(61);
    await call(platform.app, 'POST', '/api/user/sendEmailCode', {
      email: u.email,
      purpose: 'fundPassword',
    });
    const code = await latestCode(platform.app, u.email);
    const change = await seal(platform.app, {
      password: 'Fund-pass-2',
      confirmPassword: 'Fund-pass-2',
      code,
    });
    expect(
      (await call(platform.app, 'POST', '/api/core/coin/member/tradePwd', change, u.headers))
        .status,
    ).toBe(200);
    const locked = await submit(u, { amount: '50', fundPassword: 'Fund-pass-2' });
    expect(locked.status).toBe(403);
    expect(locked.body.msg).toMatch(/locked for 24 hours/);
    clock.advance(24 * 3600 + 1);
    expect((await submit(u, { amount: '50', fundPassword: 'Fund-pass-2' })).status).toBe(200);

    const pending = await call(
      platform.app,
      'GET',
      '/api/core/coin/member/getGoogleVerification/bind',
      undefined,
      u.headers,
    );
    const secret = pending.body.data.secret as string;
    await call(
      platform.app,
      'GET',
      `/api/core/coin/member/googleVerificationBindingOrReset/${await totpCode(secret, clock)}/1`,
      undefined,
      u.headers,
    );
    clock.advance(30);
    const removed = await call(
      platform.app,
      'GET',
      `/api/core/coin/member/googleVerificationBindingOrReset/${await totpCode(secret, clock)}/2`,
      undefined,
      u.headers,
    );
    expect(removed.body.data).toEqual({ bound: false });
    const again = await submit(u, { amount: '50', fundPassword: 'Fund-pass-2' });
    expect(again.status).toBe(403);
    expect(balance(u).available).toBe('445');
  });

  it('asks for the authenticator code when bound, and refuses a wrong or replayed one', async () => {
    await start();
    const u = await user({ USDT: '500' });
    const pending = await call(
      platform.app,
      'GET',
      '/api/core/coin/member/getGoogleVerification/bind',
      undefined,
      u.headers,
    );
    const secret = pending.body.data.secret as string;
    const bindCode = await totpCode(secret, clock);
    await call(
      platform.app,
      'GET',
      `/api/core/coin/member/googleVerificationBindingOrReset/${bindCode}/1`,
      undefined,
      u.headers,
    );
    const missing = await submit(u, { amount: '50' });
    expect(missing.body.msg).toBe('Enter the code from your authenticator app');
    // The code that bound the app was used once already.
    const replayed = await submit(u, { amount: '50', googleCode: bindCode });
    expect(replayed.body.msg).toBe('The authenticator code is wrong or was already used');
    const wrong = await submit(u, {
      amount: '50',
      googleCode: bindCode === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(balance(u).available).toBe('500');
    clock.advance(30);
    const code = await totpCode(secret, clock);
    expect((await submit(u, { amount: '50', googleCode: code })).status).toBe(200);
    expect(balance(u).available).toBe('445');
    const again = await submit(u, { amount: '50', googleCode: code });
    expect(again.body.msg).toBe('The authenticator code is wrong or was already used');
    expect(balance(u).available).toBe('445');
  });
});

describe('ending a withdrawal', () => {
  it('cancel and reject give the hold back; another user cannot see or cancel it', async () => {
    await start();
    const u = await user({ USDT: '1000' });
    const other = await user({ USDT: '10' }, false);
    const first = (await submit(u, { amount: '100' })).body.data;
    const second = (await submit(u, { amount: '200' })).body.data;
    expect(balance(u).available).toBe('690');

    const theirs = await call(
      platform.app,
      'POST',
      '/api/core/coin/assets/cancelWithdrawal',
      { id: first.id },
      other.headers,
    );
    expect(theirs.status).toBe(404);
    const theirLog = await call(
      platform.app,
      'POST',
      '/api/core/coin/assets/getWithdrawalLog',
      {},
      other.headers,
    );
    expect(theirLog.body.data.total).toBe(0);

    const cancelled = await call(
      platform.app,
      'POST',
      '/api/core/coin/assets/cancelWithdrawal',
      { id: first.id },
      u.headers,
    );
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', cancellable: false });
    expect(balance(u).available).toBe('795');
    const twice = await call(
      platform.app,
      'POST',
      '/api/core/coin/assets/cancelWithdrawal',
      { id: first.id },
      u.headers,
    );
    expect(twice.status).toBe(409);
    expect(balance(u).available).toBe('795');

    const finance = await signInOperator(platform, 'finance', { clock });
    const rejected = await ops(finance, `/api/ops/withdrawals/${second.id}/reject`, {
      reason: 'Address on a sanctions list',
    });
    expect(rejected.body.data).toMatchObject({
      state: 'rejected',
      reason: 'Address on a sanctions list',
    });
    expect(balance(u).available).toBe('1000');
    expect(ledger(USDT_POOL)).toBe(0n);
    invariantsHold();
    // What was cancelled or rejected no longer counts against the day.
    const info = await call(
      platform.app,
      'GET',
      '/api/core/coin/assets/getWithdrawalInfo',
      undefined,
      u.headers,
    );
    expect(info.body.data.coins.find((c: { coin: string }) => c.coin === 'USDT').leftToday).toBe(
      '2000',
    );
  });

  it('the same Idempotency-Key twice withdraws once', async () => {
    await start();
    const u = await user({ USDT: '1000' });
    const key = { 'idempotency-key': 'withdraw-once-1' };
    const a = await submit(u, { amount: '100' }, key);
    const b = await submit(u, { amount: '100' }, key);
    expect(b.body.data).toEqual(a.body.data);
    expect(balance(u).available).toBe('895');
    // The sealed call shares the name: the same key answers the first withdrawal again.
    const sealed = await seal(platform.app, {
      coin: 'USDT',
      network: 'ERC20',
      address: EVM_ADDRESS,
      amount: '300',
      fundPassword: FUND,
    });
    const c = await call(platform.app, 'POST', '/api/core/coin/assets/withdrawal', sealed, {
      ...u.headers,
      ...key,
    });
    expect(c.body.data).toEqual(a.body.data);
    expect(balance(u).available).toBe('895');
  });
});

describe('parallel withdrawals', () => {
  it('never pass the daily limit or the balance together', async () => {
    await start();
    const u = await user({ USDT: '100000' });
    // Level 0: 2000 USDT a day. Ten of 300 ask for 3000 together.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submit(u, { amount: '300' })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(6);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.body.msg).toMatch(/today’s withdrawal limit/);
    }
    expect(balance(u).available).toBe(String(100000 - 6 * 305));
    invariantsHold();

    const poor = await user({ USDT: '700' });
    const spent = await Promise.all(
      Array.from({ length: 5 }, () => submit(poor, { amount: '200' })),
    );
    expect(spent.filter((r) => r.status === 200)).toHaveLength(3);
    expect(balance(poor).available).toBe('85');
    const rows = await platform.database.db
      .selectFrom('withdrawals' as never)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id' as never, '=', poor.id as never)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(3);
    invariantsHold();
    expect(ledger(userAccount(poor.id, 'USDT', 'held'))).toBe(0n);
  });
});
