import { HDKey } from '@scure/bip32';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAccount } from '@meridian/core';
import { call, newUser, startDeposits, testDatabases, type Started } from './deposit-helpers.ts';

const CURRENCIES = '/api/core/coin/assets/getRechargeCurrency';
const ADDRESS = (coin: string, network?: string) =>
  `/api/core/coin/assets/getDepositAddress/${coin}${network ? `?network=${network}` : ''}`;
const LOG = '/api/core/coin/assets/getRechargeLog';
const SIMULATE = '/api/dev/simulateDeposit';

describe.each(testDatabases())('deposits ($name)', (kind) => {
  let s: Started;
  beforeAll(async () => {
    s = await startDeposits(kind);
  });
  afterAll(async () => {
    await s.stop();
  });

  const balance = (userId: string, coin: string) =>
    s.platform.engine.balance(userId, coin)?.available ?? null;
  const records = async (headers: Record<string, string>) =>
    (await call(s.app, 'POST', LOG, {}, headers)).body.data.list as Array<{
      txid: string;
      status: string;
      confirmations: number;
      required: number;
      amount: string;
      coin: string;
    }>;

  it('lists the coins that take deposits, with networks, confirmations and minimums', async () => {
    const user = await newUser(s.app);
    const res = await call(s.app, 'GET', CURRENCIES, undefined, user.headers);
    expect(res.status).toBe(200);
    const byCoin = Object.fromEntries(
      (res.body.data as Array<{ coin: string; networks: Array<{ network: string }> }>).map((c) => [
        c.coin,
        c,
      ]),
    );
    expect(Object.keys(byCoin).sort()).toEqual(['BNB', 'BTC', 'ETH', 'USDT']);
    expect(byCoin.BTC).toMatchObject({
      networks: [{ network: 'BTC', name: 'Bitcoin', confirmations: 2, minDeposit: '0.0001' }],
    });
    expect(byCoin.USDT?.networks.map((n) => n.network)).toEqual(['ERC20']);
    // Signed out: refused like every user call.
    expect((await call(s.app, 'GET', CURRENCIES)).status).toBe(401);
  });

  it('gives each user one address per coin and network, the same every time', async () => {
    const a = await newUser(s.app);
    const b = await newUser(s.app);
    const btc = await call(s.app, 'GET', ADDRESS('BTC'), undefined, a.headers);
    expect(btc.status).toBe(200);
    expect(btc.body.data).toMatchObject({ coin: 'BTC', network: 'BTC', confirmations: 2 });
    expect(btc.body.data.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(
      (await call(s.app, 'GET', ADDRESS('btc', 'btc'), undefined, a.headers)).body.data.address,
    ).toBe(btc.body.data.address);
    const eth = await call(s.app, 'GET', ADDRESS('ETH', 'ERC20'), undefined, a.headers);
    expect(eth.body.data.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(eth.body.data.address).not.toBe(eth.body.data.address.toLowerCase());
    const other = await call(s.app, 'GET', ADDRESS('BTC'), undefined, b.headers);
    expect(other.body.data.address).not.toBe(btc.body.data.address);
    const stored = await s.platform.database.db
      .withTables<{
        deposit_addresses: { user_id: string; derivation_index: number; scheme: string };
      }>()
      .selectFrom('deposit_addresses')
      .select(['derivation_index', 'scheme'])
      .where('user_id', '=', a.id)
      .execute();
    expect(stored.map((r) => r.scheme).sort()).toEqual(['bip84', 'evm']);
  });

  it('answers bad coins and networks with translated messages, never a 500', async () => {
    const user = await newUser(s.app);
    const wrongNetwork = await call(s.app, 'GET', ADDRESS('BTC', 'ERC20'), undefined, {
      ...user.headers,
      lang: 'de',
    });
    expect(wrongNetwork.status).toBe(400);
    expect(wrongNetwork.body.msg).toBe(
      'Diese Coin kann nicht über dieses Netzwerk eingezahlt werden',
    );
    const noDeposits = await call(s.app, 'GET', ADDRESS('SOL'), undefined, user.headers);
    expect(noDeposits.status).toBe(400);
    expect(noDeposits.body.msg).toBe('Deposits of this coin are not available');
    for (const url of [ADDRESS('%00'), ADDRESS('BTC', 'x'.repeat(40)), ADDRESS('BTC') + '&x=1']) {
      expect((await call(s.app, 'GET', url, undefined, user.headers)).status).toBe(400);
    }
    for (const body of [
      { coin: 'BTC', amount: 'abc' },
      { coin: 'BTC', amount: '-1' },
      { coin: 'BTC', amount: '0' },
      { coin: 'BTC', amount: 1 },
      { coin: 'BTC' },
      { coin: 'BTC', amount: '1', extra: 1 },
    ]) {
      expect((await call(s.app, 'POST', SIMULATE, body, user.headers)).status).toBe(400);
    }
    const precise = await call(
      s.app,
      'POST',
      SIMULATE,
      { coin: 'BTC', amount: '0.123456789' },
      user.headers,
    );
    expect(precise.status).toBe(400);
    expect(precise.body.msg).toBe('The amount may have at most 8 decimal places');
    expect((await call(s.app, 'POST', LOG, { page: 0 }, user.headers)).status).toBe(400);
  });

  it('gives parallel requests for the same coin and network one address', async () => {
    const user = await newUser(s.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(s.app, 'GET', ADDRESS('USDT'), undefined, user.headers)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.data.address)).size).toBe(1);
    // And parallel first requests of different users each get their own index.
    const users = await Promise.all(Array.from({ length: 4 }, () => newUser(s.app)));
    const theirs = await Promise.all(
      users.map((u) => call(s.app, 'GET', ADDRESS('ETH'), undefined, u.headers)),
    );
    expect(new Set(theirs.map((a) => a.body.data.address)).size).toBe(4);
  });

  it('credits a deposit exactly when it is final, and not before', async () => {
    const user = await newUser(s.app);
    const sent = await call(s.app, 'POST', SIMULATE, { coin: 'BTC', amount: '0.50' }, user.headers);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ amount: '0.5', network: 'BTC' });
    expect(sent.body.msg).toBe(
      'Simulated deposit sent: it is credited once it has enough confirmations',
    );
    await s.platform.deposits.credits.pass();
    expect(await records(user.headers)).toMatchObject([
      {
        txid: sent.body.data.txid,
        status: 'confirming',
        confirmations: 0,
        required: 2,
        amount: '0.5',
      },
    ]);
    await s.platform.deposits.block();
    expect((await records(user.headers))[0]).toMatchObject({
      status: 'confirming',
      confirmations: 1,
    });
    expect(balance(user.id, 'BTC') ?? '0').toBe('0');
    await s.platform.deposits.block();
    expect((await records(user.headers))[0]).toMatchObject({
      status: 'credited',
      confirmations: 2,
    });
    expect(balance(user.id, 'BTC')).toBe('0.5');
    await s.platform.deposits.block();
    await s.platform.deposits.block();
    expect(balance(user.id, 'BTC')).toBe('0.5');
    // The coins are now in the platform's wallets: custody mirrors them, not the float.
    const custody = s.platform.engine
      .ledgerEntries()
      .find(([key]) => key === systemAccount('custody', 'BTC'));
    expect(custody?.[1]).toBe(-50_000_000n);
  });

  it('credits a transaction seen twice once', async () => {
    const user = await newUser(s.app);
    await call(s.app, 'POST', SIMULATE, { coin: 'ETH', amount: '1.25' }, user.headers);
    await s.platform.deposits.block();
    // The watcher reads the whole chain again from the start.
    await s.platform.database.db
      .withTables<{ deposit_scan_cursors: { network: string } }>()
      .deleteFrom('deposit_scan_cursors')
      .execute();
    for (let i = 0; i < 12; i += 1) await s.platform.deposits.block();
    const list = await records(user.headers);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'credited', coin: 'ETH' });
    expect(balance(user.id, 'ETH')).toBe('1.25');
  });

  it('credits nothing when a reorganisation drops the transaction before finality', async () => {
    const user = await newUser(s.app);
    await call(s.app, 'POST', SIMULATE, { coin: 'BTC', amount: '0.3' }, user.headers);
    await s.platform.deposits.block();
    expect((await records(user.headers))[0]).toMatchObject({ confirmations: 1 });
    await s.platform.deposits.chain.reorg('BTC', 1);
    for (let i = 0; i < 4; i += 1) await s.platform.deposits.block();
    expect((await records(user.headers))[0]).toMatchObject({ status: 'dropped' });
    expect(balance(user.id, 'BTC') ?? '0').toBe('0');
  });

  it('records a deposit below the minimum without crediting it', async () => {
    const user = await newUser(s.app);
    const sent = await call(
      s.app,
      'POST',
      SIMULATE,
      { coin: 'BTC', amount: '0.00001' },
      user.headers,
    );
    expect(sent.body).toMatchObject({ code: 200 });
    for (let i = 0; i < 3; i += 1) await s.platform.deposits.block();
    expect((await records(user.headers))[0]).toMatchObject({ status: 'belowMinimum' });
    expect(balance(user.id, 'BTC') ?? '0').toBe('0');
  });

  it("never shows a user another user's deposits", async () => {
    const owner = await newUser(s.app);
    const stranger = await newUser(s.app);
    await call(s.app, 'POST', SIMULATE, { coin: 'BNB', amount: '2' }, owner.headers);
    await s.platform.deposits.block();
    expect(await records(owner.headers)).toHaveLength(1);
    const theirs = await call(s.app, 'POST', LOG, { coin: 'BNB' }, stranger.headers);
    expect(theirs.body.data).toMatchObject({ list: [], total: 0 });
  });

  it('pages the records, newest first', async () => {
    const user = await newUser(s.app);
    for (const amount of ['1', '2', '3']) {
      await call(s.app, 'POST', SIMULATE, { coin: 'USDT', amount }, user.headers);
      await s.platform.deposits.credits.pass();
      await new Promise((r) => setTimeout(r, 2));
    }
    const page = await call(s.app, 'POST', LOG, { page: 2, size: 2 }, user.headers);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.list).toHaveLength(1);
  });
});

describe.each(testDatabases())('deposits across restarts ($name)', (kind) => {
  it('finishes confirming after a restart and credits once, even after a crash mid-credit', async () => {
    let s = await startDeposits(kind);
    try {
      const user = await newUser(s.app);
      await call(s.app, 'POST', SIMULATE, { coin: 'BTC', amount: '0.75' }, user.headers);
      await s.platform.deposits.block();
      s = await s.restart();
      expect(s.platform.engine.balance(user.id, 'BTC')?.available ?? '0').toBe('0');
      await s.platform.deposits.block();
      expect(s.platform.engine.balance(user.id, 'BTC')?.available).toBe('0.75');
      // A crash after the engine credited and before the record said so.
      await s.platform.database.db
        .withTables<{ chain_deposits: { user_id: string; status: string } }>()
        .updateTable('chain_deposits')
        .set({ status: 'crediting' })
        .where('user_id', '=', user.id)
        .execute();
      s = await s.restart();
      const log = await call(s.app, 'POST', LOG, {}, user.headers);
      expect(log.body.data.list).toMatchObject([{ status: 'credited' }]);
      expect(s.platform.engine.balance(user.id, 'BTC')?.available).toBe('0.75');
    } finally {
      await s.stop();
    }
  });

  it('refuses simulated deposits outside demo mode, with a clear message', async () => {
    const s = await startDeposits(kind, { DEMO_MODE: 'false' });
    try {
      const user = await newUser(s.app);
      const res = await call(s.app, 'POST', SIMULATE, { coin: 'BTC', amount: '1' }, user.headers);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('Available in demo deployments only');
      // No xpub configured and no demo: nothing takes deposits.
      expect((await call(s.app, 'GET', CURRENCIES, undefined, user.headers)).body.data).toEqual([]);
    } finally {
      await s.stop();
    }
  });
});

describe.each(testDatabases())('deposits from configured xpubs ($name)', (kind) => {
  it("derives the operator's addresses: index 0, 1, ... of the configured account keys", async () => {
    // The BIP84 and BIP44 test-vector accounts ("abandon" x11, "about").
    const seed = pbkdf2(
      sha512,
      new TextEncoder().encode(`${'abandon '.repeat(11)}about`),
      new TextEncoder().encode('mnemonic'),
      { c: 2048, dkLen: 64 },
    );
    const evm = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey;
    const s = await startDeposits(kind, {
      DEMO_MODE: 'false',
      DEPOSIT_XPUB_BTC:
        'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
      DEPOSIT_XPUB_EVM: evm,
    });
    try {
      const first = await newUser(s.app);
      const second = await newUser(s.app);
      const btc = async (u: typeof first) =>
        (await call(s.app, 'GET', ADDRESS('BTC'), undefined, u.headers)).body.data.address;
      expect(await btc(first)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
      expect(await btc(second)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
      const eth = await call(s.app, 'GET', ADDRESS('ETH'), undefined, first.headers);
      expect(eth.body.data.address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    } finally {
      await s.stop();
    }
  });
});
