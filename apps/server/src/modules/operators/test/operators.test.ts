import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, routePath, type CallSpec } from '@meridian/contract';
import * as operatorCalls from '@meridian/contract/calls/operators';
import type { Platform } from '../../../app.ts';
import {
  call,
  startAccounts,
  trader,
  type TestClock,
  type Trader,
} from '../../../../test/accounts-helpers.ts';
import {
  OPERATOR_PASSWORD,
  signInOperator,
  totpAt,
  type SignedInOperator,
} from '../../../../test/operator-helpers.ts';

let platform: Platform;
let clock: TestClock;
let admin: SignedInOperator;
let finance: SignedInOperator;
let finance2: SignedInOperator;
let support: SignedInOperator;
let compliance: SignedInOperator;
let alice: Trader;
let bob: Trader;
/** Every operator request that answered 200, to prove each write call was exercised. */
const succeeded: string[] = [];

async function ops(
  who: { headers: Record<string, string> } | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const res = await call(platform.app, method, url, body, who?.headers ?? {});
  if (res.status === 200) succeeded.push(`${method} ${url.split('?')[0]}`);
  return res;
}

async function auditRows(action: string, targetId?: string) {
  let query = platform.database.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (targetId) query = query.where('target_id', '=', targetId);
  return query.orderBy('id').execute();
}

beforeAll(async () => {
  const started = await startAccounts({ MARKET_MAKERS: 'false' });
  platform = started.platform;
  clock = started.clock;
  const as = (role: Parameters<typeof signInOperator>[1]) =>
    signInOperator(platform, role, { clock });
  [admin, finance, finance2, support, compliance] = await Promise.all([
    as('admin'),
    as('finance'),
    as('finance'),
    as('support'),
    as('compliance'),
  ]);
  alice = await trader(platform, 'ops-alice@example.org', { USDT: '1000' });
  bob = await trader(platform, 'ops-bob@example.org', { USDT: '50' });
});
afterAll(async () => {
  await platform.app.close();
});

describe('operator sign-in', () => {
  it('activates on first sign-in, then needs password and a fresh code together', async () => {
    await platform.operators.ensureOperator('first@ops.example.org', 'support', 'One-time-pass-1');
    const wrong = await ops(null, 'POST', '/api/ops/auth/login', {
      email: 'first@ops.example.org',
      password: 'not-the-one',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.reason).toBe('operatorBadLogin');
    const first = await ops(null, 'POST', '/api/ops/auth/login', {
      email: 'first@ops.example.org',
      password: 'One-time-pass-1',
    });
    expect(first.body.data.stage).toBe('activate');
    expect(first.body.data.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    const { setupToken, totpSecret } = first.body.data;
    // A short password and a wrong code are refused; the one-time password still stands.
    const short = await ops(null, 'POST', '/api/ops/auth/activate', {
      setupToken,
      newPassword: 'short',
      code: await totpAt(totpSecret, clock),
    });
    expect(short.status).toBe(400);
    const badCode = await ops(null, 'POST', '/api/ops/auth/activate', {
      setupToken,
      newPassword: OPERATOR_PASSWORD,
      code: '000000',
    });
    expect(badCode.body.data.reason).toBe('operatorTotpWrong');
    const code = await totpAt(totpSecret, clock);
    const done = await ops(null, 'POST', '/api/ops/auth/activate', {
      setupToken,
      newPassword: OPERATOR_PASSWORD,
      code,
    });
    expect(done.status).toBe(200);
    expect(done.body.data.permissions).toContain('users.read');
    expect(done.body.data.permissions).not.toContain('identity.review');
    // The setup token works once; the one-time password no longer works.
    const again = await ops(null, 'POST', '/api/ops/auth/activate', {
      setupToken,
      newPassword: OPERATOR_PASSWORD,
      code,
    });
    expect(again.body.data.reason).toBe('operatorSetupExpired');
    const old = await ops(null, 'POST', '/api/ops/auth/login', {
      email: 'first@ops.example.org',
      password: 'One-time-pass-1',
    });
    expect(old.body.data.reason).toBe('operatorBadLogin');
    // Password without a code, and the code already used, are refused.
    const noCode = await ops(null, 'POST', '/api/ops/auth/login', {
      email: 'first@ops.example.org',
      password: OPERATOR_PASSWORD,
    });
    expect(noCode.body.data.reason).toBe('operatorBadLogin');
    const replay = await ops(null, 'POST', '/api/ops/auth/login', {
      email: 'first@ops.example.org',
      password: OPERATOR_PASSWORD,
      code,
    });
    expect(replay.body.data.reason).toBe('operatorBadLogin');
    clock.advance(30);
    const next = await ops(null, 'POST', '/api/ops/auth/login', {
      email: 'first@ops.example.org',
      password: OPERATOR_PASSWORD,
      code: await totpAt(totpSecret, clock),
    });
    expect(next.body.data.stage).toBe('session');
    const opened = await auditRows('session.open');
    expect(opened.some((r) => r.operator_email === 'first@ops.example.org')).toBe(true);
  });

  it('refuses an unknown email exactly as a wrong password', async () => {
    const res = await ops(null, 'POST', '/api/ops/auth/login', {
      email: 'nobody@ops.example.org',
      password: 'whatever-it-is',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.reason).toBe('operatorBadLogin');
  });

  it('ends a session at logout, on its next call', async () => {
    const someone = await signInOperator(platform, 'support', { clock });
    expect((await ops(someone, 'GET', '/api/ops/auth/me')).status).toBe(200);
    expect((await ops(someone, 'POST', '/api/ops/auth/logout')).status).toBe(200);
    const after = await ops(someone, 'GET', '/api/ops/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.data.reason).toBe('operatorSignIn');
  });
});

describe('who may call what', () => {
  const operatorCalls = ALL_CALLS.filter((c) => c.auth === 'operator');
  const url = (c: CallSpec) =>
    routePath(c.path, 'core').replace(/:(\w+)/g, (_m, name: string) =>
      name === 'role' ? 'support' : '10000001',
    );

  it('refuses a user token, and no token, on every operator call', async () => {
    for (const c of operatorCalls) {
      const asUser = await call(
        platform.app,
        c.method as 'GET',
        url(c),
        c.method === 'GET' ? undefined : {},
        alice.headers,
      );
      expect(asUser.status, `${c.method} ${c.path}`).toBe(401);
      const anonymous = await call(platform.app, c.method as 'GET', url(c));
      expect(anonymous.status, `${c.method} ${c.path}`).toBe(401);
    }
  });

  it('refuses an operator token on user calls', async () => {
    const res = await call(platform.app, 'POST', '/api/user/getInfo', {}, admin.headers);
    expect(res.status).toBe(401);
    const wallet = await call(
      platform.app,
      'GET',
      routePath('/api/{head}/coin/wallet/get/btc/usdt', 'core'),
      undefined,
      admin.headers,
    );
    expect(wallet.status).toBe(401);
  });

  it('checks the role: support reads but never approves money or edits roles', async () => {
    expect((await ops(support, 'GET', `/api/ops/users/${alice.id}`)).status).toBe(200);
    const propose = await ops(support, 'POST', '/api/ops/adjustments', {
      userId: alice.id,
      asset: 'USDT',
      amount: '1',
      reason: 'goodwill',
    });
    expect(propose.status).toBe(403);
    expect(propose.body.data.reason).toBe('operatorForbidden');
    expect(
      (
        await ops(support, 'POST', `/api/ops/users/${alice.id}/freeze`, {
          kind: 'login',
          frozen: true,
          reason: 'x fraud',
        })
      ).status,
    ).toBe(403);
    expect((await ops(support, 'GET', '/api/ops/audit')).status).toBe(403);
    expect((await ops(finance, 'POST', '/api/ops/roles/support', { permissions: [] })).status).toBe(
      403,
    );
    expect((await ops(finance, 'GET', '/api/ops/operators')).status).toBe(403);
    expect(
      (
        await ops(compliance, 'POST', '/api/ops/adjustments', {
          userId: alice.id,
          asset: 'USDT',
          amount: '1',
          reason: 'goodwill',
        })
      ).status,
    ).toBe(403);
  });

  it('applies a change of permissions on the next call, and audits it', async () => {
    const before = await ops(admin, 'GET', '/api/ops/roles');
    const supportPerms: string[] = before.body.data.find(
      (r: { role: string }) => r.role === 'support',
    ).permissions;
    const granted = await ops(admin, 'POST', '/api/ops/roles/support', {
      permissions: [...supportPerms, 'audit.read'],
    });
    expect(granted.status).toBe(200);
    expect((await ops(support, 'GET', '/api/ops/audit')).status).toBe(200);
    await ops(admin, 'POST', '/api/ops/roles/support', { permissions: supportPerms });
    expect((await ops(support, 'GET', '/api/ops/audit')).status).toBe(403);
    expect((await auditRows('role.permissions', 'support')).length).toBe(2);
    const adminRole = await ops(admin, 'POST', '/api/ops/roles/admin', { permissions: [] });
    expect(adminRole.body.data.reason).toBe('operatorAdminRole');
  });
});

describe('operators (admin)', () => {
  it('adds an operator with a one-time password, changes the role, disables at once', async () => {
    const made = await ops(admin, 'POST', '/api/ops/operators', {
      email: 'new-support@ops.example.org',
      role: 'support',
    });
    expect(made.status).toBe(200);
    expect(made.body.data.oneTimePassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(made.body.data.operator.pendingActivation).toBe(true);
    const duplicate = await ops(admin, 'POST', '/api/ops/operators', {
      email: 'new-support@ops.example.org',
      role: 'admin',
    });
    expect(duplicate.status).toBe(409);

    const target = await signInOperator(platform, 'support', { clock });
    const promoted = await ops(admin, 'POST', `/api/ops/operators/${target.id}`, {
      role: 'compliance',
    });
    expect(promoted.body.data.role).toBe('compliance');
    expect((await ops(target, 'GET', '/api/ops/audit')).status).toBe(200);
    await ops(admin, 'POST', `/api/ops/operators/${target.id}`, { disabled: true });
    expect((await ops(target, 'GET', '/api/ops/auth/me')).status).toBe(401);
    const rows = await auditRows('operator.update', target.id);
    expect(rows.map((r) => JSON.parse(r.after_json!))).toEqual([
      { role: 'compliance', disabled: false },
      { role: 'compliance', disabled: true },
    ]);
    const reset = await ops(admin, 'POST', `/api/ops/operators/${target.id}/reset`);
    expect(reset.body.data.operator.pendingActivation).toBe(true);
  });

  it('never leaves the deployment without an enabled admin, even asked twice at once', async () => {
    // A deployment of exactly two admins (no demo operators), each disabling the other.
    const own = await startAccounts({ MARKET_MAKERS: 'false', DEMO_MODE: 'false' });
    try {
      const [x, y] = await Promise.all([
        signInOperator(own.platform, 'admin', { clock: own.clock }),
        signInOperator(own.platform, 'admin', { clock: own.clock }),
      ]);
      const send = (who: SignedInOperator, target: string, body: unknown) =>
        call(own.app, 'POST', `/api/ops/operators/${target}`, body, who.headers);
      const [a, b] = await Promise.all([
        send(x, y.id, { disabled: true }),
        send(y, x.id, { disabled: true }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const refused = a.status === 409 ? a : b;
      expect(refused.body.data.reason).toBe('operatorLastAdmin');
      const standing = a.status === 200 ? x : y;
      const demote = await send(standing, standing.id, { role: 'support' });
      expect(demote.body.data.reason).toBe('operatorLastAdmin');
      expect(
        (await call(own.app, 'GET', '/api/ops/auth/me', undefined, standing.headers)).status,
      ).toBe(200);
    } finally {
      await own.platform.app.close();
    }
  });
});

describe('balance adjustments (dual control)', () => {
  const available = (user: string) => platform.engine.balance(user, 'USDT')!.available;

  it('posts only once a second operator approves, visible in the postings with its reason', async () => {
    const proposed = await ops(finance, 'POST', '/api/ops/adjustments', {
      userId: alice.id,
      asset: 'USDT',
      amount: '12.5',
      reason: 'Missed deposit, ticket 1042',
    });
    expect(proposed.status).toBe(200);
    expect(proposed.body.data.state).toBe('pending');
    expect(available(alice.id)).toBe('1000');
    const self = await ops(
      finance,
      'POST',
      `/api/ops/adjustments/${proposed.body.data.id}/approve`,
    );
    expect(self.status).toBe(403);
    expect(self.body.data.reason).toBe('adjustmentSelfApprove');
    expect(available(alice.id)).toBe('1000');

    // Two approvers at once: the ledger moves once.
    const [x, y] = await Promise.all([
      ops(finance2, 'POST', `/api/ops/adjustments/${proposed.body.data.id}/approve`),
      ops(admin, 'POST', `/api/ops/adjustments/${proposed.body.data.id}/approve`),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(available(alice.id)).toBe('1012.5');
    const postings = await ops(support, 'GET', `/api/ops/users/${alice.id}/postings?size=5`);
    const posting = postings.body.data.records.find(
      (p: { reason: string }) => p.reason === 'adjustment',
    );
    expect(posting).toMatchObject({ amount: '12.5', asset: 'USDT' });
    expect(posting.reference).toBe(`adjustment:adjustment:${proposed.body.data.id}`);
    const rows = await auditRows('adjustment.approve', alice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe('Missed deposit, ticket 1042');
  });

  it('debits, and refuses a debit beyond the available balance without moving anything', async () => {
    const big = await ops(finance, 'POST', '/api/ops/adjustments', {
      userId: bob.id,
      asset: 'USDT',
      amount: '-60',
      reason: 'Reverse duplicate credit',
    });
    const refused = await ops(finance2, 'POST', `/api/ops/adjustments/${big.body.data.id}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.body.data.reason).toBe('adjustmentInsufficient');
    expect(available(bob.id)).toBe('50');
    const list = await ops(finance, 'GET', `/api/ops/adjustments?userId=${bob.id}`);
    expect(list.body.data.records[0].state).toBe('pending');
    const rejected = await ops(
      finance2,
      'POST',
      `/api/ops/adjustments/${big.body.data.id}/reject`,
      {
        reason: 'Amount was wrong',
      },
    );
    expect(rejected.body.data.state).toBe('rejected');
    const late = await ops(admin, 'POST', `/api/ops/adjustments/${big.body.data.id}/approve`);
    expect(late.body.data.reason).toBe('adjustmentNotPending');

    const small = await ops(finance, 'POST', '/api/ops/adjustments', {
      userId: bob.id,
      asset: 'USDT',
      amount: '-20',
      reason: 'Reverse duplicate credit',
    });
    expect(
      (await ops(finance2, 'POST', `/api/ops/adjustments/${small.body.data.id}/approve`)).status,
    ).toBe(200);
    expect(available(bob.id)).toBe('30');
  });

  it.each([
    ['zero', { asset: 'USDT', amount: '0' }, 'adjustmentAmount'],
    ['too many decimals', { asset: 'USDT', amount: '1.1234567' }, 'adjustmentAmount'],
    ['unknown coin', { asset: 'NOPE', amount: '1' }, 'unknownCoin'],
    ['not a number', { asset: 'USDT', amount: '1e5' }, 'validation'],
  ])('refuses %s and records nothing', async (_name, input, reason) => {
    const before = (await auditRows('adjustment.propose')).length;
    const res = await ops(finance, 'POST', '/api/ops/adjustments', {
      userId: alice.id,
      reason: 'Bad input check',
      ...input,
    });
    expect(res.status).toBe(400);
    expect(res.body.data.reason).toBe(reason);
    expect((await auditRows('adjustment.propose')).length).toBe(before);
  });

  it('refuses an unknown user', async () => {
    const res = await ops(finance, 'POST', '/api/ops/adjustments', {
      userId: '99999999',
      asset: 'USDT',
      amount: '1',
      reason: 'Unknown user',
    });
    expect(res.status).toBe(404);
  });
});

describe('users', () => {
  it('finds users and shows their detail, balances and orders', async () => {
    const found = await ops(support, 'GET', '/api/ops/users?query=ops-alice');
    expect(found.body.data.records.map((u: { id: string }) => u.id)).toEqual([alice.id]);
    const byId = await ops(support, 'GET', `/api/ops/users?query=${bob.id}`);
    expect(byId.body.data.records[0].email).toBe('ops-bob@example.org');
    const wildcard = await ops(support, 'GET', '/api/ops/users?query=%25');
    expect(wildcard.body.data.total).toBe(0);
    const detail = await ops(support, 'GET', `/api/ops/users/${alice.id}`);
    expect(detail.body.data.user.email).toBe('ops-alice@example.org');
    expect(detail.body.data.sessions.length).toBeGreaterThan(0);
    const balances = await ops(support, 'GET', `/api/ops/users/${alice.id}/balances`);
    expect(balances.body.data.find((b: { asset: string }) => b.asset === 'USDT')).toBeTruthy();
    expect((await ops(support, 'GET', `/api/ops/users/${alice.id}/orders`)).body.data.total).toBe(
      0,
    );
    expect((await ops(support, 'GET', '/api/ops/users/99999999')).status).toBe(404);
  });

  it('freezes sign-in: every session ends at once and login is refused until unfrozen', async () => {
    const victim = await trader(platform, 'ops-frozen@example.org', {});
    expect((await call(platform.app, 'POST', '/api/user/getInfo', {}, victim.headers)).status).toBe(
      200,
    );
    const frozen = await ops(compliance, 'POST', `/api/ops/users/${victim.id}/freeze`, {
      kind: 'login',
      frozen: true,
      reason: 'Account takeover reported',
    });
    expect(frozen.status).toBe(200);
    expect((await call(platform.app, 'POST', '/api/user/getInfo', {}, victim.headers)).status).toBe(
      401,
    );
    const login = await call(platform.app, 'POST', '/api/user/login', {
      type: 'email',
      username: 'ops-frozen@example.org',
      password: 'Secret123',
    });
    expect(login.status).toBe(403);
    expect(login.body.data.reason).toBe('userLoginFrozen');
    const twice = await ops(compliance, 'POST', `/api/ops/users/${victim.id}/freeze`, {
      kind: 'login',
      frozen: true,
      reason: 'Account takeover reported',
    });
    expect(twice.body.data.reason).toBe('userFreezeUnchanged');
    await ops(compliance, 'POST', `/api/ops/users/${victim.id}/freeze`, {
      kind: 'login',
      frozen: false,
      reason: 'Owner verified by phone',
    });
    const back = await call(platform.app, 'POST', '/api/user/login', {
      type: 'email',
      username: 'ops-frozen@example.org',
      password: 'Secret123',
    });
    expect(back.status).toBe(200);
    const rows = await auditRows('user.freeze.login', victim.id);
    expect(rows[0]).toMatchObject({
      reason: 'Account takeover reported',
      operator_id: compliance.id,
    });
    await ops(compliance, 'POST', `/api/ops/users/${victim.id}/freeze`, {
      kind: 'withdrawals',
      frozen: true,
      reason: 'Source of funds check',
    });
    const detail = await ops(support, 'GET', `/api/ops/users/${victim.id}`);
    expect(detail.body.data.user).toMatchObject({
      withdrawalsFrozen: true,
      withdrawalsFreezeReason: 'Source of funds check',
      loginFrozen: false,
    });
  });
});

describe('audit log', () => {
  it('filters, and cannot be changed or deleted by anyone, the database refuses', async () => {
    const mine = await ops(
      admin,
      'GET',
      `/api/ops/audit?operator=${encodeURIComponent(finance.email)}&action=adjustment.propose`,
    );
    expect(mine.body.data.total).toBeGreaterThan(0);
    for (const row of mine.body.data.records) {
      expect(row).toMatchObject({
        operatorEmail: finance.email,
        action: 'adjustment.propose',
        role: 'finance',
      });
      expect(row.userAgent).toBe('ops-test');
    }
    const db = platform.database.db;
    await expect(sql`UPDATE audit_log SET reason = 'edited'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('has a row behind every operator write the console offers (each was called above)', () => {
    const mine = new Set<unknown>(Object.values(operatorCalls));
    const writes = ALL_CALLS.filter(
      (c) => mine.has(c) && c.auth === 'operator' && c.method !== 'GET',
    );
    const pattern = (c: CallSpec) =>
      new RegExp(`^${c.method} ${routePath(c.path, 'core').replace(/:\w+/g, '[^/]+')}$`);
    const missing = writes
      .filter((c) => !succeeded.some((done) => pattern(c).test(done)))
      .map((c) => `${c.method} ${c.path}`);
    // registerCall answers 500 for a write without an audit row, so a 200 is a row.
    expect(missing).toEqual([]);
  });
});

describe('honest by construction (PRODUCT.md 2.1)', () => {
  it('no operator call sets a price, a fill, a settlement, a result or a profit', () => {
    const segment =
      /^(set-?)?(price|prices|fills?|settle|settlement|results?|profits?|pnl|klines?|candles?|index|mark-?price)$/i;
    // Listing parameters (tick size, price band, the simulated index's starting point)
    // describe a market; none of them is a price anyone trades at.
    const field =
      /^(price|lastPrice|markPrice|indexPrice|fillPrice|settlementPrice|settlePrice|result|profit|pnl|payout|winRate)$/i;
    for (const c of ALL_CALLS.filter((x) => x.auth === 'operator' && x.method !== 'GET')) {
      for (const part of c.path.split('/')) expect(part, c.path).not.toMatch(segment);
      const shape = (c.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      for (const key of Object.keys(shape)) expect(key, `${c.path} ${key}`).not.toMatch(field);
    }
  });
});
