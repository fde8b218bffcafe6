import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { poolAccount } from '@meridian/core';
import { buildPlatform, type Platform } from '../../../app.ts';
import { CLAIM_LAPSE_MS, type Claimed } from '../../../kernel/cluster/intents.ts';
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
import { signInOperator } from '../../../../test/operator-helpers.ts';

const FUND = 'Fund-pass-1';
const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

// The daily counter's and the states' conditional updates, on each database the tests have.
describe.each(testDatabases())('withdrawals on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  let platform: Platform | undefined;

  afterEach(async () => {
    await platform?.app.close();
    await database?.close();
    await current?.dispose();
    platform = undefined;
    database = undefined;
    current = undefined;
  });

  const config = () => testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false' });

  async function start(sameConfig = config(), clock = new TestClock()) {
    current ??= await create();
    database = current.open();
    platform = rememberPlatform(
      await buildPlatform(sameConfig, { logger: false, database, clock }),
    );
    await platform.app.ready();
    return { platform, clock, config: sameConfig };
  }

  async function withFundPassword(p: Platform, t: Trader) {
    const sealed = await seal(p.app, { password: FUND, confirmPassword: FUND });
    const res = await call(p.app, 'POST', '/api/core/coin/member/tradePwd', sealed, t.headers);
    expect(res.status).toBe(200);
  }

  const submit = (p: Platform, t: Trader, amount: string, headers: Record<string, string> = {}) =>
    call(
      p.app,
      'POST',
      `/api/withdraw/submit?${new URLSearchParams({ coin: 'USDT', network: 'ERC20', address: ADDRESS, amount, fundPassword: FUND })}`,
      undefined,
      { ...t.headers, ...headers },
    );

  it('parallel submissions stay within the daily limit; one key withdraws once', async () => {
    const { platform: p } = await start();
    const t = await trader(p, 'wd-db@example.org', { USDT: '50000' });
    await withFundPassword(p, t);
    const results = await Promise.all(Array.from({ length: 8 }, () => submit(p, t, '500')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(p.engine.balance(t.id, 'USDT')!.available).toBe(String(50000 - 4 * 505));
    const counter = await p.database.db
      .selectFrom('withdrawal_daily' as never)
      .select('used' as never)
      .executeTakeFirstOrThrow();
    expect((counter as { used: string }).used).toBe('2000000000');

    const other = await trader(p, 'wd-db2@example.org', { USDT: '1000' });
    await withFundPassword(p, other);
    const key = { 'idempotency-key': 'same-key-1' };
    const [a, b] = await Promise.all([submit(p, other, '100', key), submit(p, other, '100', key)]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(p.engine.balance(other.id, 'USDT')!.available).toBe('895');
  });

  it('a cancel and a rejection racing on one withdrawal release it once', async () => {
    const { platform: p, clock } = await start();
    const t = await trader(p, 'wd-race@example.org', { USDT: '1000' });
    await withFundPassword(p, t);
    const created = await submit(p, t, '100');
    const id = created.body.data.id as string;
    const finance = await signInOperator(p, 'finance', { clock });
    const [cancel, reject] = await Promise.all([
      call(p.app, 'POST', '/api/core/coin/assets/cancelWithdrawal', { id }, t.headers),
      call(
        p.app,
        'POST',
        `/api/ops/withdrawals/${id}/reject`,
        { reason: 'Duplicate request' },
        finance.headers,
      ),
    ]);
    expect([cancel.status, reject.status].sort()).toEqual([200, 409]);
    expect(p.engine.balance(t.id, 'USDT')!.available).toBe('1000');
    const pool = p.engine.ledgerEntries().find(([k]) => k === poolAccount('withdrawals', 'USDT'));
    expect(pool?.[1] ?? 0n).toBe(0n);
  });

  it('a restart finishes what a stopped process left between a decision and its posting', async () => {
    const first = await start();
    const p = first.platform;
    const t = await trader(p, 'wd-restart@example.org', { USDT: '1000' });
    await withFundPassword(p, t);
    const a = (await submit(p, t, '100')).body.data.id as string;
    const b = (await submit(p, t, '200')).body.data.id as string;
    const c = (await submit(p, t, '300')).body.data.id as string;
    expect(p.engine.balance(t.id, 'USDT')!.available).toBe('385');
    // As if the process stopped right after each conditional update, before the engine step.
    const db = p.database.db as unknown as Kysely<{
      withdrawals: Claimed & { id: string; state: string; txid: string | null };
    }>;
    const claim = p.intents.claim();
    const stopAt = (id: string, state: string, txid: string | null = null) =>
      db
        .updateTable('withdrawals')
        .set({ state, txid, ...claim })
        .where('id', '=', id)
        .execute();
    await stopAt(a, 'cancelling');
    await stopAt(b, 'rejecting');
    await stopAt(c, 'sending', 'cd'.repeat(32));
    await p.app.close();
    await database!.close();

    const second = await start(first.config, first.clock);
    const q = second.platform;
    // a and b released once (100 + 5 and 200 + 5 back), c sent.
    expect(q.engine.balance(t.id, 'USDT')!.available).toBe('695');
    const states = await (q.database.db as unknown as typeof db)
      .selectFrom('withdrawals')
      .select(['id', 'state'])
      .execute();
    expect(Object.fromEntries(states.map((r) => [r.id, r.state]))).toEqual({
      [a]: 'cancelled',
      [b]: 'rejected',
      [c]: 'completed',
    });
    const pool = q.engine.ledgerEntries().find(([k]) => k === poolAccount('withdrawals', 'USDT'));
    expect(pool?.[1] ?? 0n).toBe(0n);
  });
  it('without a restart, the leader finishes what a dead process left and leaves a living one its work', async () => {
    const { platform: p, clock } = await start();
    const t = await trader(p, 'wd-orphan@example.org', { USDT: '1000' });
    await withFundPassword(p, t);
    const gone = (await submit(p, t, '100')).body.data.id as string;
    const mine = (await submit(p, t, '200')).body.data.id as string;
    expect(p.engine.balance(t.id, 'USDT')!.available).toBe('690');
    const db = p.database.db as unknown as Kysely<{
      withdrawals: Claimed & { id: string; state: string };
    }>;
    // A cancel whose API process was killed after its conditional update; and one this
    // process has just started (its own claim, fresh).
    await db
      .updateTable('withdrawals')
      .set({ state: 'cancelling', owner: 'a-process-that-is-gone', claimed_at: +clock.now() })
      .where('id', '=', gone)
      .execute();
    await db
      .updateTable('withdrawals')
      .set({ state: 'cancelling', ...p.intents.claim() })
      .where('id', '=', mine)
      .execute();
    const states = async () =>
      Object.fromEntries(
        (await db.selectFrom('withdrawals').select(['id', 'state']).execute()).map((r) => [
          r.id,
          r.state,
        ]),
      );

    await p.intents.sweep();
    expect(await states()).toEqual({ [gone]: 'cancelled', [mine]: 'cancelling' });
    expect(p.engine.balance(t.id, 'USDT')!.available).toBe('795');
    await p.intents.sweep();
    expect(p.engine.balance(t.id, 'USDT')!.available).toBe('795');

    // Its own claim lapses only when its work has clearly failed: then it is taken over.
    clock.advance(CLAIM_LAPSE_MS / 1000 + 1);
    await p.intents.sweep();
    expect(await states()).toEqual({ [gone]: 'cancelled', [mine]: 'cancelled' });
    expect(p.engine.balance(t.id, 'USDT')!.available).toBe('1000');
    const pool = p.engine.ledgerEntries().find(([k]) => k === poolAccount('withdrawals', 'USDT'));
    expect(pool?.[1] ?? 0n).toBe(0n);
  });
});
