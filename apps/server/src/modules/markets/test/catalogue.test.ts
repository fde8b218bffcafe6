import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Decimal } from '@meridian/core';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import {
  call,
  rememberPlatform,
  TestClock,
  trader,
  type Trader,
} from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator, type SignedInOperator } from '../../../../test/operator-helpers.ts';
import { GENESIS_LISTINGS, GENESIS_QUOTE, genesisMarkets } from '../genesis.ts';
import { followCatalogue, openCatalogue } from '../listing/open-catalogue.ts';
import { marketView } from '../listing/store.ts';

/** SUI/USDT: 9 decimals, price step 0.0001 USDT, quantity step 0.1 SUI. */
const SUI_COIN = { code: 'SUI', name: 'Sui', decimals: 9, icon: null };
const SUI_USDT = {
  base: 'SUI',
  quote: 'USDT',
  tickSize: '0.0001',
  lotSize: '0.1',
  minNotional: '5',
  makerFeeBps: 10,
  takerFeeBps: 20,
  bandBps: 500,
  priceDecimals: 4,
  quantityDecimals: 1,
  referencePrice: '1.25',
  volatilityPpm: 150,
  lists: { spot: true, second: false },
  plate: ['main'],
};

/** One deployment: its data folder and database outlive each platform started on them. */
class Deployment {
  readonly clock = new TestClock();
  readonly config;
  platform!: Platform;

  constructor(
    public database?: Database,
    env: Record<string, string> = { MARKET_MAKERS: 'false' },
  ) {
    this.config = testConfig({ DEMO_MODE: 'true', ...env });
  }

  async start(): Promise<Platform> {
    this.platform = rememberPlatform(
      await buildPlatform(this.config, {
        logger: false,
        clock: this.clock,
        ...(this.database ? { database: this.database } : {}),
      }),
    );
    await this.platform.app.ready();
    return this.platform;
  }

  /** Stops the platform as a deploy does (the engine snapshots), then starts it again. */
  async restart(): Promise<Platform> {
    await this.platform.app.close();
    return this.start();
  }

  ops(who: SignedInOperator | null, method: 'GET' | 'POST', url: string, body?: unknown) {
    return call(this.platform.app, method, url, body, who?.headers ?? {});
  }

  operator(role: 'admin' | 'support') {
    return signInOperator(this.platform, role, { clock: this.clock });
  }

  async auditCount(): Promise<number> {
    const rows = await this.platform.database.db.selectFrom('audit_log').select('id').execute();
    return rows.length;
  }
}

const submit = (d: Deployment, t: Trader, body: object) =>
  call(d.platform.app, 'POST', '/api/currency/order/submit', body, t.headers);

const running: Deployment[] = [];
afterAll(async () => {
  for (const d of running) await d.platform?.app.close();
});

describe('the seeded catalogue', () => {
  it('is exactly the catalogue that was fixed in code, and the engine agrees with it', async () => {
    const d = new Deployment();
    running.push(d);
    const platform = await d.start();
    const db = platform.database.db;
    const coins = await db.selectFrom('catalogue_coins').selectAll().orderBy('position').execute();
    expect(coins.map((c) => [c.code, Number(c.decimals)])).toEqual([
      [GENESIS_QUOTE.code, GENESIS_QUOTE.decimals],
      ...GENESIS_LISTINGS.map((l) => [l.base.code, l.base.decimals]),
    ]);
    const support = await d.operator('support');
    const listed = await d.ops(support, 'GET', '/api/ops/catalogue');
    expect(listed.status).toBe(200);
    expect(listed.body.data.markets).toEqual(genesisMarkets().map(marketView));
    expect(listed.body.data.markets.map((m: { symbol: string }) => m.symbol)).toEqual([
      'btcusdt',
      'ethusdt',
      'bnbusdt',
      'solusdt',
      'xrpusdt',
      'dogeusdt',
      'adausdt',
      'trxusdt',
      'ltcusdt',
      'dotusdt',
      'linkusdt',
    ]);
    // The seed's figures, as they were in code: BTC's steps, fees, minimum and band.
    expect(listed.body.data.markets[0]).toMatchObject({
      tickSize: '0.01',
      lotSize: '0.0001',
      minNotional: '5',
      makerFeeBps: 10,
      takerFeeBps: 20,
      bandBps: 500,
      state: 'trading',
      referencePrice: '65000',
    });
    // Nothing to list: the engine starts from the same catalogue.
    expect(platform.engine.marketSymbols()).toEqual(genesisMarkets().map((m) => m.symbol));
  });
});

describe('a market listed in a simulated demo', () => {
  it('gets an index from its reference price and a market maker quoting it, paused or not', async () => {
    const d = new Deployment(undefined, { MARKET_MAKERS: 'true', MARKET_TICK_MS: '40' });
    running.push(d);
    await d.start();
    const admin = await d.operator('admin');
    expect((await d.ops(admin, 'POST', '/api/ops/catalogue/coins', SUI_COIN)).status).toBe(200);
    expect((await d.ops(admin, 'POST', '/api/ops/catalogue/markets', SUI_USDT)).status).toBe(200);
    const quotes = () => d.platform.engine.openOrders('mm.suiusdt', 'suiusdt');
    await vi.waitFor(() => expect(quotes().length).toBeGreaterThan(0), { timeout: 5_000 });
    const index = Decimal.parse(d.platform.market.ticker('suiusdt')!.indexPrice!)!;
    // Within a few ticks of 1.25 USDT, the reference price.
    expect(index.gt(Decimal.parse('1.2')!) && index.lt(Decimal.parse('1.3')!)).toBe(true);
    const depth = d.platform.engine.depth('suiusdt', 1)!;
    expect(depth.bids).toHaveLength(1);
    expect(depth.asks).toHaveLength(1);

    // Paused, the maker's quotes stay as they were: it sends nothing while the index moves.
    expect(
      (await d.ops(admin, 'POST', '/api/ops/catalogue/markets/suiusdt/pause', {})).status,
    ).toBe(200);
    const ids = quotes().map((o) => o.id);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(quotes().map((o) => o.id)).toEqual(ids);
  });
});

describe.each(testDatabases())('the catalogue on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });

  it('lists a coin and a market that trades at once, and again after a restart', async () => {
    current = await create();
    const database = current.open();
    const d = new Deployment(database);
    running.push(d);
    await d.start();
    const admin = await d.operator('admin');
    const audits = await d.auditCount();

    const coin = await d.ops(admin, 'POST', '/api/ops/catalogue/coins', SUI_COIN);
    expect(coin.status).toBe(200);
    expect(coin.body.data).toMatchObject({ code: 'SUI', decimals: 9, depositEnabled: true });
    const market = await d.ops(admin, 'POST', '/api/ops/catalogue/markets', SUI_USDT);
    expect(market.status).toBe(200);
    expect(market.body.data).toMatchObject({ symbol: 'suiusdt', state: 'trading', position: 12 });
    expect(await d.auditCount()).toBe(audits + 2);

    // The public lists follow the catalogue.
    const rules = await call(d.platform.app, 'GET', '/api/common/spotMarkets');
    expect(rules.body.data.find((m: { symbol: string }) => m.symbol === 'suiusdt')).toEqual({
      symbol: 'suiusdt',
      base: 'SUI',
      quote: 'USDT',
      tickSize: '0.0001',
      lotSize: '0.1',
      minNotional: '5',
      makerFeeRate: '0.001',
      takerFeeRate: '0.002',
      priceBandPercent: '5',
      state: 'trading',
    });
    const coins = await call(d.platform.app, 'POST', '/api/common/getCoinList');
    expect(coins.body.data.currencyList.map((c: { symbol: string }) => c.symbol)).toContain(
      'suiusdt',
    );
    expect(coins.body.data.coinList.map((c: { symbol: string }) => c.symbol)).not.toContain(
      'suiusdt',
    );
    const rows = await call(d.platform.app, 'GET', '/api/core/coin/open/getSpotGoods');
    expect(rows.body.data.at(-1)).toMatchObject({ id: 'suiusdt', c_id: '12', part_cou: 4 });

    const seller = await trader(d.platform, `sui-seller-${current.name}@example.org`, {
      SUI: '1000',
    });
    const buyer = await trader(d.platform, `sui-buyer-${current.name}@example.org`, {
      USDT: '1000',
    });
    const trade = async (quantity: string) => {
      const sell = await submit(d, seller, {
        symbol: 'suiusdt',
        side: 'sell',
        type: 'limit',
        price: '1.2500',
        quantity,
      });
      expect(sell.status).toBe(200);
      const buy = await submit(d, buyer, {
        symbol: 'suiusdt',
        side: 'buy',
        type: 'limit',
        price: '1.2500',
        quantity,
      });
      expect(buy.status).toBe(200);
      expect(buy.body.data).toMatchObject({ status: 'filled', filledQuantity: quantity });
    };
    await trade('40');
    const wallet = await call(
      d.platform.app,
      'GET',
      '/api/core/coin/wallet/get/sui/usdt',
      undefined,
      buyer.headers,
    );
    // 40 SUI less the 0.2% taker fee; 50 USDT paid.
    expect(wallet.body.data).toMatchObject({
      base: { coin: 'SUI', available: '39.92', held: '0' },
      quote: { coin: 'USDT', available: '950', held: '0' },
    });

    const hash = d.platform.engine.stateHash();
    await d.restart();
    expect(d.platform.engine.restored.stateHash).toBe(hash);
    await trade('8');
    const after = await d.ops(admin, 'GET', '/api/ops/catalogue');
    expect(after.body.data.markets.at(-1)).toMatchObject({ symbol: 'suiusdt' });

    // Without its snapshot the engine replays the whole journal, listings included.
    await d.platform.app.close();
    const replayed = d.platform.engine.stateHash();
    fs.rmSync(path.join(d.config.dataDir, 'engine', 'snapshots'), { recursive: true });
    await d.start();
    expect(d.platform.engine.restored).toEqual({ seq: expect.any(Number), stateHash: replayed });
    await trade('4');
    await d.platform.app.close();
    await database.close();
  });

  it("follows another process's listings and pauses from the tables", async () => {
    current = await create();
    const d = new Deployment(current.open());
    running.push(d);
    await d.start();
    const admin = await d.operator('admin');
    // What another process holds: the catalogue as it was at its start.
    const db = d.platform.database.db;
    const elsewhere = (await openCatalogue(db, d.platform.engine)).catalogue;
    const joined: string[] = [];
    elsewhere.onListed((market) => void joined.push(market.symbol));

    expect((await d.ops(admin, 'POST', '/api/ops/catalogue/coins', SUI_COIN)).status).toBe(200);
    expect((await d.ops(admin, 'POST', '/api/ops/catalogue/markets', SUI_USDT)).status).toBe(200);
    await followCatalogue(db, d.platform.engine, elsewhere, d.platform.engine.seq);
    expect(elsewhere.coin('SUI')).toMatchObject({ code: 'SUI', decimals: 9 });
    expect(elsewhere.market('suiusdt')?.state).toBe('trading');
    expect(joined).toEqual(['suiusdt']);

    const paused = await d.ops(admin, 'POST', '/api/ops/catalogue/markets/suiusdt/pause', {
      reason: 'maintenance',
    });
    expect(paused.status).toBe(200);
    await followCatalogue(db, d.platform.engine, elsewhere, d.platform.engine.seq);
    expect(elsewhere.market('suiusdt')?.state).toBe('paused');
    // Following again lists nothing twice.
    expect(joined).toEqual(['suiusdt']);
  });

  it('lists at the next start a row whose engine command never ran', async () => {
    current = await create();
    const database = current.open();
    const d = new Deployment(database);
    running.push(d);
    await d.start();
    // As if the process stopped right after committing the rows: the engine has neither.
    const db = d.platform.database.db;
    await db
      .insertInto('catalogue_coins')
      .values({
        code: 'SUI',
        name: 'Sui',
        decimals: 9,
        icon: null,
        deposit_enabled: 1,
        withdraw_enabled: 1,
        position: 13,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    await db
      .insertInto('catalogue_markets')
      .values({
        symbol: 'suiusdt',
        base: 'SUI',
        quote: 'USDT',
        tick_size: '0.0001',
        lot_size: '0.1',
        min_notional: '5',
        maker_fee_bps: 10,
        taker_fee_bps: 20,
        band_bps: 500,
        state: 'paused',
        price_decimals: 4,
        quantity_decimals: 1,
        list_spot: 1,
        list_second: 0,
        list_contract: 0,
        plate: 'main',
        reference_price: '1.25',
        volatility_ppm: 150,
        position: 12,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    expect(d.platform.engine.marketState('suiusdt')).toBeUndefined();
    await d.restart();
    expect(d.platform.engine.marketState('suiusdt')).toBe('paused');
    expect(d.platform.engine.assets()).toContain('SUI');
    await d.platform.app.close();
    await database.close();
  });
});

describe.each(testDatabases())('trading states and fee changes on $name', ({ create }) => {
  const d = new Deployment();
  let current: TestDatabase | undefined;
  afterAll(async () => {
    await d.platform?.app.close();
    await d.database?.close();
    await current?.dispose();
  });
  let admin: SignedInOperator;
  let alice: Trader;
  let bob: Trader;

  const pause = (symbol: string, reason?: string) =>
    d.ops(admin, 'POST', `/api/ops/catalogue/markets/${symbol}/pause`, { reason });
  const resume = (symbol: string) =>
    d.ops(admin, 'POST', `/api/ops/catalogue/markets/${symbol}/resume`, {});
  const schedule = (symbol: string, maker: number, taker: number, inSeconds: number) =>
    d.ops(admin, 'POST', `/api/ops/catalogue/markets/${symbol}/fee-changes`, {
      makerFeeBps: maker,
      takerFeeBps: taker,
      effectiveAt: new Date(d.clock.now().getTime() + inSeconds * 1000).toISOString(),
    });
  const feeRow = (id: string) =>
    d.platform.database.db
      .selectFrom('catalogue_fee_changes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('a paused market refuses new orders, keeps and cancels open ones, and trades once resumed', async () => {
    current = await create();
    d.database = current.open();
    await d.start();
    admin = await d.operator('admin');
    alice = await trader(d.platform, 'pause-alice@example.org', { ETH: '10', USDT: '10000' });
    bob = await trader(d.platform, 'pause-bob@example.org', { USDT: '10000' });
    const resting = await submit(d, alice, {
      symbol: 'ethusdt',
      side: 'sell',
      type: 'limit',
      price: '3000',
      quantity: '1',
    });
    expect(resting.status).toBe(200);

    const paused = await pause('ethusdt', 'exchange maintenance');
    expect(paused.status).toBe(200);
    expect(paused.body.data.state).toBe('paused');
    const audit = await d.platform.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'market.pause')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ target_id: 'ethusdt', reason: 'exchange maintenance' });
    expect((await pause('ethusdt')).status).toBe(409);
    // The quote lists say so too.
    const rows = await call(d.platform.app, 'GET', '/api/core/coin/open/getSpotGoods');
    const states = new Map(
      rows.body.data.map((r: { id: string; state: string }) => [r.id, r.state]),
    );
    expect(states.get('ethusdt')).toBe('paused');
    expect(states.get('btcusdt')).toBe('trading');

    const refused = await call(
      d.platform.app,
      'POST',
      '/api/currency/order/submit',
      { symbol: 'ethusdt', side: 'buy', type: 'limit', price: '3000', quantity: '0.5' },
      { ...bob.headers, lang: 'en' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/paused/);
    const rules = await call(d.platform.app, 'GET', '/api/common/spotMarkets');
    expect(rules.body.data.find((m: { symbol: string }) => m.symbol === 'ethusdt').state).toBe(
      'paused',
    );
    // The open order stays, and its owner can still take it back.
    expect(d.platform.engine.openOrders(alice.id, 'ethusdt')).toHaveLength(1);
    const cancelled = await call(
      d.platform.app,
      'POST',
      `/api/currency/order/cancelOrder?id=${resting.body.data.id}`,
      undefined,
      alice.headers,
    );
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });

    // The pause survives a restart (the engine's snapshot and the row agree).
    await d.restart();
    admin = await d.operator('admin');
    expect(d.platform.engine.marketState('ethusdt')).toBe('paused');

    expect((await resume('ethusdt')).status).toBe(200);
    const sell = await submit(d, alice, {
      symbol: 'ethusdt',
      side: 'sell',
      type: 'limit',
      price: '3000',
      quantity: '1',
    });
    const buy = await submit(d, bob, {
      symbol: 'ethusdt',
      side: 'buy',
      type: 'limit',
      price: '3000',
      quantity: '1',
    });
    expect(sell.status).toBe(200);
    expect(buy.body.data).toMatchObject({ status: 'filled' });
  });

  it('applies a scheduled fee change once at its time, across a restart; a cancelled one never', async () => {
    const first = await schedule('btcusdt', 0, 50, 3_600);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'scheduled', symbol: 'btcusdt' });
    const cancelled = await schedule('btcusdt', 100, 100, 5_400);
    const cancel = await d.ops(
      admin,
      'POST',
      `/api/ops/catalogue/fee-changes/${cancelled.body.data.id}/cancel`,
      { reason: 'wrong rates' },
    );
    expect(cancel.body.data).toMatchObject({ status: 'cancelled' });
    expect(
      (
        await d.ops(
          admin,
          'POST',
          `/api/ops/catalogue/fee-changes/${cancelled.body.data.id}/cancel`,
          {},
        )
      ).status,
    ).toBe(409);

    // Not yet its time: nothing changes.
    d.clock.advance(60);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(d.platform.engine.marketSpec('btcusdt')!.takerFeeBps).toBe(20);

    // The platform is down when the time comes; the next start applies it, once.
    await d.platform.app.close();
    d.clock.advance(7_200);
    await d.start();
    admin = await d.operator('admin');
    expect(d.platform.engine.marketSpec('btcusdt')).toMatchObject({
      makerFeeBps: 0,
      takerFeeBps: 50,
    });
    expect(await feeRow(first.body.data.id)).toMatchObject({ status: 'applied' });
    expect(await feeRow(cancelled.body.data.id)).toMatchObject({ status: 'cancelled' });
    const catalogue = await d.ops(admin, 'GET', '/api/ops/catalogue');
    expect(catalogue.body.data.markets[0]).toMatchObject({ makerFeeBps: 0, takerFeeBps: 50 });

    // A later change applies live, by the job, at its time.
    const second = await schedule('btcusdt', 5, 30, 60);
    d.clock.advance(120);
    for (let i = 0; i < 40 && d.platform.engine.marketSpec('btcusdt')!.takerFeeBps !== 30; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(d.platform.engine.marketSpec('btcusdt')!.takerFeeBps).toBe(30);
    // The job marks the row just after the engine takes the change.
    for (let i = 0; i < 40 && (await feeRow(second.body.data.id)).status !== 'applied'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await feeRow(second.body.data.id)).toMatchObject({ status: 'applied' });

    // A stop between the engine taking the first change and its row being marked: the
    // next start gives it to the engine again, which refuses its reference, so the later
    // change stays in force (applied twice, the first would have put 0/50 back).
    await d.platform.database.db
      .updateTable('catalogue_fee_changes')
      .set({ status: 'applying', applied_at: null })
      .where('id', '=', first.body.data.id)
      .execute();
    await d.restart();
    expect(d.platform.engine.marketSpec('btcusdt')).toMatchObject({
      makerFeeBps: 5,
      takerFeeBps: 30,
    });
    expect(await feeRow(first.body.data.id)).toMatchObject({ status: 'applied' });
    admin = await d.operator('admin');
  });

  it('refuses an invalid listing or fee change with its reason, and changes nothing', async () => {
    const db = d.platform.database.db;
    const count = async () => ({
      coins: (await db.selectFrom('catalogue_coins').select('code').execute()).length,
      markets: (await db.selectFrom('catalogue_markets').select('symbol').execute()).length,
      fees: (await db.selectFrom('catalogue_fee_changes').select('id').execute()).length,
      engine: d.platform.engine.marketSymbols().length,
      assets: d.platform.engine.assets().length,
      audit: await d.auditCount(),
    });
    const before = await count();
    const refusals: Array<[string, string, object, number, RegExp]> = [
      ['coins', 'lowercase code', { ...SUI_COIN, code: 'sui' }, 400, /capital letters/],
      ['coins', '19 decimals', { ...SUI_COIN, decimals: 19 }, 400, /from 0 to 18/],
      ['coins', 'a bad icon', { ...SUI_COIN, icon: 'javascript:alert(1)' }, 400, /https/],
      ['coins', 'a listed code', { ...SUI_COIN, code: 'BTC' }, 409, /already listed/],
      ['markets', 'an unlisted base', { ...SUI_USDT, base: 'NOPE' }, 400, /not listed/],
      ['markets', 'one coin twice', { ...SUI_USDT, base: 'USDT' }, 400, /must differ/],
      ['markets', 'a listed symbol', { ...SUI_USDT, base: 'BTC' }, 409, /already listed/],
      ['markets', 'a zero tick', { ...SUI_USDT, base: 'ETH', tickSize: '0' }, 400, /greater/],
      [
        'markets',
        'a tick finer than shown',
        { ...SUI_USDT, base: 'ETH', tickSize: '0.00001' },
        400,
        /more decimals/,
      ],
      [
        'markets',
        'a fee above 10%',
        { ...SUI_USDT, base: 'ETH', takerFeeBps: 1_001 },
        400,
        /from 0 to 1000/,
      ],
      [
        'markets',
        'a tick × lot under a unit',
        {
          ...SUI_USDT,
          base: 'ETH',
          tickSize: '0.000001',
          priceDecimals: 6,
          lotSize: '0.00000001',
          quantityDecimals: 8,
        },
        400,
        /smallest unit/,
      ],
    ];
    for (const [what, name, body, status, message] of refusals) {
      const res = await call(d.platform.app, 'POST', `/api/ops/catalogue/${what}`, body, {
        ...admin.headers,
        lang: 'en',
      });
      expect([name, res.status]).toEqual([name, status]);
      expect(res.body.msg).toMatch(message);
    }
    const late = await schedule('btcusdt', 10, 20, -60);
    expect(late.status).toBe(400);
    expect((await schedule('btcusdt', 10, 2_000, 60)).status).toBe(400);
    expect((await schedule('nopeusdt', 10, 20, 60)).status).toBe(404);
    expect(
      (await d.ops(admin, 'POST', '/api/ops/catalogue/fee-changes/nope/cancel', {})).status,
    ).toBe(404);
    // No field of any call sets a price: a listing names its reference price for the
    // simulated index only, and a stray field is refused.
    const stray = await d.ops(admin, 'POST', '/api/ops/catalogue/markets', {
      ...SUI_USDT,
      base: 'ETH',
      lastPrice: '1',
    });
    expect(stray.status).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('lets every role read the catalogue and only an admin change it', async () => {
    const support = await d.operator('support');
    expect((await d.ops(support, 'GET', '/api/ops/catalogue')).status).toBe(200);
    const before = await d.auditCount();
    for (const [url, body] of [
      ['/api/ops/catalogue/coins', SUI_COIN],
      ['/api/ops/catalogue/markets', SUI_USDT],
      ['/api/ops/catalogue/markets/btcusdt/pause', {}],
      ['/api/ops/catalogue/markets/btcusdt/fee-changes', { makerFeeBps: 1, takerFeeBps: 2 }],
    ] as const) {
      expect((await d.ops(support, 'POST', url, body)).status).toBe(403);
      expect((await d.ops(null, 'POST', url, body)).status).toBe(401);
      // A user's token is no operator's.
      expect((await call(d.platform.app, 'POST', url, body, alice.headers)).status).toBe(401);
    }
    expect(d.platform.engine.marketState('btcusdt')).toBe('trading');
    expect(await d.auditCount()).toBe(before);
    const paused = await pause('btcusdt');
    expect(paused.status).toBe(200);
    expect(await d.auditCount()).toBe(before + 1);
    expect((await resume('btcusdt')).status).toBe(200);
    expect(await d.auditCount()).toBe(before + 2);
  });
});
