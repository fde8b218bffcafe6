import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esploraWatcher } from '../esplora-watcher.ts';
import { call, newUser, startDeposits, testDatabases, type Started } from './deposit-helpers.ts';

/*
 * A small Bitcoin chain served in the Esplora HTTP API's documented shapes (API.md of
 * Blockstream/esplora: `/blocks/tip/height` and `/block-height/:h` as text, `/block/:hash/txs/:start`
 * 25 transactions a page, `/tx/:txid/status`). Hand-written fixtures, not answers recorded
 * from a live server.
 */
const BASE = 'http://esplora.test/api';
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** Index 0 of the BIP84 test-vector account: the first user's address. */
const FIRST = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const STRANGER = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';

const hex = (n: number, width = 64) => n.toString(16).padStart(width, '0');

interface FakeTx {
  txid: string;
  vout: Array<{ scriptpubkey_address?: string; value: number }>;
}

class FakeEsplora {
  tip = 100;
  blocks = new Map<number, FakeTx[]>();
  /** txid -> block height (null: mempool); absent: unknown to the node. */
  status = new Map<string, number | null>();
  requests: string[] = [];
  /** Answers 503 to everything while set. */
  down = false;

  mine(txs: FakeTx[]) {
    this.tip += 1;
    this.blocks.set(this.tip, txs);
    for (const tx of txs) this.status.set(tx.txid, this.tip);
  }

  fetch = (async (input: string | URL | Request) => {
    const path = String(input).slice(BASE.length);
    this.requests.push(path);
    if (this.down) return new Response('busy', { status: 503 });
    const text = (body: string) => new Response(body, { status: 200 });
    const json = (body: unknown) => Response.json(body);
    if (path === '/blocks/tip/height') return text(String(this.tip));
    let m = /^\/block-height\/(\d+)$/.exec(path);
    if (m)
      return Number(m[1]) <= this.tip
        ? text(hex(Number(m[1])))
        : new Response('Block not found', { status: 404 });
    m = /^\/block\/([0-9a-f]{64})\/txs\/(\d+)$/.exec(path);
    if (m) {
      const txs = this.blocks.get(parseInt(m[1]!, 16)) ?? [];
      return json(txs.slice(Number(m[2]), Number(m[2]) + 25));
    }
    m = /^\/tx\/([0-9a-f]{64})\/status$/.exec(path);
    if (m) {
      if (!this.status.has(m[1]!)) return new Response('Transaction not found', { status: 404 });
      const height = this.status.get(m[1]!);
      return json(
        height === null || height === undefined
          ? { confirmed: false }
          : {
              confirmed: true,
              block_height: height,
              block_hash: hex(height),
              block_time: 1_700_000_000,
            },
      );
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
}

describe('the Esplora watcher', () => {
  it('reads new blocks page by page, from the tip of its first start', async () => {
    const chain = new FakeEsplora();
    const watcher = esploraWatcher(BASE, chain.fetch);
    expect(await watcher.scan('BTC', null, 1000)).toEqual({ outputs: [], cursor: '100' });
    const many: FakeTx[] = Array.from({ length: 30 }, (_, i) => ({
      txid: hex(1000 + i),
      vout: [{ scriptpubkey_address: STRANGER, value: 1000 + i }, { value: 0 }],
    }));
    chain.mine(many);
    chain.mine([
      { txid: hex(7), vout: [{ value: 5 }, { scriptpubkey_address: FIRST, value: 150_000_000 }] },
    ]);
    const page = await watcher.scan('BTC', '100', 1000);
    expect(page.cursor).toBe('102');
    expect(page.outputs).toHaveLength(31);
    expect(page.outputs.at(-1)).toEqual({
      txid: hex(7),
      vout: 1,
      address: FIRST,
      coin: 'BTC',
      amount: '1.5',
    });
    expect(chain.requests).toContain(`/block/${hex(101)}/txs/25`);
  });

  it('counts confirmations from the tip; a transaction the node no longer knows is gone', async () => {
    const chain = new FakeEsplora();
    const watcher = esploraWatcher(BASE, chain.fetch);
    chain.mine([{ txid: hex(1), vout: [{ scriptpubkey_address: FIRST, value: 1 }] }]);
    chain.status.set(hex(2), null);
    chain.mine([]);
    const seen = await watcher.confirmations('BTC', [`${hex(1)}:0`, `${hex(2)}:0`, `${hex(3)}:0`]);
    expect([...seen.values()]).toEqual([2, 0, null]);
  });
});

describe.each(testDatabases())('deposits watched through Esplora ($name)', (kind) => {
  const chain = new FakeEsplora();
  let s: Started;
  beforeAll(async () => {
    s = await startDeposits(
      kind,
      { DEMO_MODE: 'false', DEPOSIT_XPUB_BTC: ZPUB, DEPOSIT_ESPLORA_URL: BASE },
      { deposits: { fetch: chain.fetch } },
    );
  });
  afterAll(async () => {
    await s.stop();
  });

  it('credits a Bitcoin deposit once it has its confirmations, and a dropped one never', async () => {
    const user = await newUser(s.app);
    const address = await call(
      s.app,
      'GET',
      '/api/core/coin/assets/getDepositAddress/BTC',
      undefined,
      user.headers,
    );
    expect(address.body.data.address).toBe(FIRST);
    const log = async () =>
      (await call(s.app, 'POST', '/api/core/coin/assets/getRechargeLog', {}, user.headers)).body
        .data;
    const balance = () => s.platform.engine.balance(user.id, 'BTC')?.available ?? '0';

    chain.mine([
      {
        txid: hex(0xa1),
        vout: [
          { scriptpubkey_address: STRANGER, value: 9 },
          { scriptpubkey_address: FIRST, value: 2_500_000 },
        ],
      },
    ]);
    await s.platform.deposits.credits.pass();
    expect((await log()).list).toMatchObject([
      {
        txid: hex(0xa1),
        vout: 1,
        amount: '0.025',
        confirmations: 1,
        required: 2,
        status: 'confirming',
      },
    ]);
    expect(balance()).toBe('0');
    chain.mine([]);
    await s.platform.deposits.credits.pass();
    await s.platform.deposits.credits.pass();
    expect((await log()).list[0]).toMatchObject({ status: 'credited', confirmations: 2 });
    expect(balance()).toBe('0.025');

    // Seen in a block, then gone from the node (a reorganisation): never credited.
    chain.mine([{ txid: hex(0xb2), vout: [{ scriptpubkey_address: FIRST, value: 700_000 }] }]);
    await s.platform.deposits.credits.pass();
    chain.status.delete(hex(0xb2));
    chain.blocks.set(chain.tip, []);
    chain.mine([]);
    await s.platform.deposits.credits.pass();
    const records = (await log()).list as Array<{ txid: string; status: string }>;
    expect(records.find((r) => r.txid === hex(0xb2))).toMatchObject({ status: 'dropped' });
    expect(balance()).toBe('0.025');
    // Only the user's own outputs became records.
    expect((await log()).total).toBe(2);
  });

  it('keeps going when the API fails, and catches up after', async () => {
    const user = await newUser(s.app);
    const address = (
      await call(
        s.app,
        'GET',
        '/api/core/coin/assets/getDepositAddress/BTC',
        undefined,
        user.headers,
      )
    ).body.data.address as string;
    chain.down = true;
    chain.mine([{ txid: hex(0xc3), vout: [{ scriptpubkey_address: address, value: 100_000 }] }]);
    chain.mine([]);
    // The pass logs the failure and resolves; nothing is recorded or credited meanwhile.
    await s.platform.deposits.credits.pass();
    expect(s.platform.engine.balance(user.id, 'BTC')?.available ?? '0').toBe('0');
    chain.down = false;
    await s.platform.deposits.credits.pass();
    await s.platform.deposits.credits.pass();
    expect(s.platform.engine.balance(user.id, 'BTC')?.available).toBe('0.001');
  });
});
