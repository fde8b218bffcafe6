import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { CatalogueCoin, CatalogueMarket, FeeChange } from '@meridian/contract';
import {
  checkAssetListing,
  checkFees,
  formatUnits,
  LISTED_MAX_AMOUNT,
  readMarketListing,
  type Asset,
  type EngineEvent,
  type MarketState,
} from '@meridian/core';
import type { EngineFront } from '../../../engine/engine-front.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { AppError } from '../../../kernel/errors.ts';
import type { AuditEntry, AuditExecutor } from '../../../kernel/operators/audit.ts';
import type { Catalogue, ListedCoin } from '../catalogue.ts';
import type { MarketsDb, MarketsTables } from '../tables.ts';
import { listingError } from './refusals.ts';
import {
  coinView,
  feeChangeView,
  listedMarket,
  marketView,
  type FeeChangeRow,
  type MarketRow,
} from './store.ts';

/** Writes one audit row in the transaction that makes the change. */
export type Audit = (executor: AuditExecutor, entry: AuditEntry) => Promise<void>;

export interface CoinInput {
  code: string;
  name: string;
  decimals: number;
  icon: string | null;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
}

export interface MarketInput {
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  makerFeeBps: number;
  takerFeeBps: number;
  bandBps: number;
  priceDecimals: number;
  quantityDecimals: number;
  referencePrice: string;
  volatilityPpm: number;
  lists: { spot: boolean; second: boolean };
  plate: string[];
  state: MarketState;
}

const YEAR_MS = 365 * 86_400_000;
/** An icon is a file of the web app (`/coins/btc.svg`) or an https address. */
const ICON = /^(https:\/\/[^\s]{1,248}|\/[^\s]{0,255})$/;

/** The engine's reference of a scheduled fee change: it applies each once. */
export const feeChangeRef = (id: string) => `fee-change:${id}`;

const refusal = (events: EngineEvent[]) => events.find((e) => e.type === 'rejected');

/**
 * What operators do to the catalogue, and the job that applies scheduled fee changes.
 * Each write commits its row and its audit row together first (the operators' record),
 * then gives the engine its journalled command; a stop in between is made good at the
 * next start (`reconcileEngine`, the fee job). Writes run one at a time, so the tables
 * and the engine take them in the same order.
 */
export function createCatalogueOperations(deps: {
  db: MarketsDb;
  engine: EngineFront;
  catalogue: Catalogue;
  clock: Clock;
  /** The platform's own audit rows (the fee job acts in nobody's name). */
  platformAudit: Audit;
  onError?: (error: unknown, what: string) => void;
  /** After each change, with the engine's sequence then: other processes follow it. */
  onChanged?: (seq: number) => void;
}) {
  const { db, engine, catalogue } = deps;
  const changed = () => deps.onChanged?.(engine.seq);
  const now = () => deps.clock.now().getTime();
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const nextPosition = (positions: number[]) => Math.max(0, ...positions) + 1;
  const engineRefused = (what: string, events: EngineEvent[]) => {
    const refused = refusal(events);
    // Checked before the row was written: a refusal here is a bug, reported as one.
    if (refused)
      throw new Error(`catalogue: the engine refused ${what}: ${JSON.stringify(refused)}`);
  };
  const listedAsset = (coin: ListedCoin): Asset => ({
    code: coin.code,
    decimals: coin.decimals,
    maxAmount: LISTED_MAX_AMOUNT,
  });
  const knownMarket = (symbol: string) => {
    const market = catalogue.market(symbol);
    if (!market) throw new AppError('notFound', 'unknownMarket');
    return market;
  };

  async function addCoin(input: CoinInput, audit: Audit): Promise<CatalogueCoin> {
    const refused = checkAssetListing(input.code, input.decimals);
    if (refused) throw listingError(refused);
    if (input.icon !== null && !ICON.test(input.icon)) {
      throw new AppError('validation', 'catalogueIcon', { field: 'icon' }, 'icon');
    }
    return serial(async () => {
      if (catalogue.coin(input.code) || engine.assets().includes(input.code)) {
        throw new AppError('conflict', 'catalogueCoinExists', { code: input.code });
      }
      const coin: ListedCoin = {
        ...input,
        position: nextPosition(catalogue.coins().map((c) => c.position)),
      };
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('catalogue_coins')
          .values({
            code: coin.code,
            name: coin.name,
            decimals: coin.decimals,
            icon: coin.icon,
            deposit_enabled: coin.depositEnabled ? 1 : 0,
            withdraw_enabled: coin.withdrawEnabled ? 1 : 0,
            position: coin.position,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await audit(trx, {
          action: 'coin.add',
          targetType: 'coin',
          targetId: coin.code,
          after: coinView(coin),
        });
      });
      const ack = await engine.submit({
        type: 'list-asset',
        asset: coin.code,
        decimals: coin.decimals,
        maxAmount: LISTED_MAX_AMOUNT,
      });
      engineRefused(`coin ${coin.code}`, ack.events);
      catalogue.addCoin(coin);
      changed();
      return coinView(coin);
    });
  }

  async function addMarket(input: MarketInput, audit: Audit): Promise<CatalogueMarket> {
    const coin = (field: 'base' | 'quote') => {
      const listed = catalogue.coin(input[field]);
      if (!listed) {
        throw new AppError(
          'validation',
          'catalogueCoinNotListed',
          { field, code: input[field] },
          field,
        );
      }
      return listedAsset(listed);
    };
    const read = readMarketListing({ ...input, base: coin('base'), quote: coin('quote') });
    if (!read.ok) throw listingError(read);
    const { spec } = read;
    const q = spec.quote.decimals;
    return serial(async () => {
      if (catalogue.market(spec.symbol) || engine.marketState(spec.symbol) !== undefined) {
        throw new AppError('conflict', 'catalogueMarketExists', { symbol: spec.symbol });
      }
      const at = now();
      const row: MarketRow & Insertable<MarketsTables['catalogue_markets']> = {
        symbol: spec.symbol,
        base: spec.base.code,
        quote: spec.quote.code,
        // Canonical decimal text of what the engine trades.
        tick_size: formatUnits(spec.tickSize, q),
        lot_size: formatUnits(spec.lotSize, spec.base.decimals),
        min_notional: formatUnits(spec.minNotional, q),
        maker_fee_bps: spec.makerFeeBps,
        taker_fee_bps: spec.takerFeeBps,
        band_bps: spec.bandBps,
        state: input.state,
        price_decimals: input.priceDecimals,
        quantity_decimals: input.quantityDecimals,
        list_spot: input.lists.spot ? 1 : 0,
        list_second: input.lists.second ? 1 : 0,
        // No contract market exists until perpetuals are built.
        list_contract: 0,
        plate: input.plate.join(','),
        reference_price: formatUnits(read.referencePrice, q),
        volatility_ppm: input.volatilityPpm,
        position: nextPosition(catalogue.markets().map((m) => m.position)),
        created_at: at,
        updated_at: at,
      };
      const listed = listedMarket(row, spec);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('catalogue_markets').values(row).execute();
        await audit(trx, {
          action: 'market.add',
          targetType: 'market',
          targetId: spec.symbol,
          after: marketView(listed),
        });
      });
      const ack = await engine.submit({
        type: 'list-market',
        market: spec.symbol,
        base: spec.base.code,
        quote: spec.quote.code,
        tickSize: spec.tickSize,
        lotSize: spec.lotSize,
        minNotional: spec.minNotional,
        maxOrderLots: spec.maxOrderLots,
        maxPriceTicks: spec.maxPriceTicks,
        makerFeeBps: spec.makerFeeBps,
        takerFeeBps: spec.takerFeeBps,
        bandBps: spec.bandBps,
        state: input.state,
      });
      engineRefused(`market ${spec.symbol}`, ack.events);
      listed.spec = { ...engine.marketSpec(spec.symbol)! };
      await catalogue.addMarket(listed);
      changed();
      return marketView(listed);
    });
  }

  async function setState(
    symbol: string,
    state: MarketState,
    reason: string | undefined,
    audit: Audit,
  ): Promise<CatalogueMarket> {
    const market = knownMarket(symbol);
    return serial(async () => {
      if (market.state === state) {
        throw new AppError(
          'conflict',
          state === 'paused' ? 'catalogueAlreadyPaused' : 'catalogueAlreadyTrading',
        );
      }
      const before = market.state;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('catalogue_markets')
          .set({ state, updated_at: now() })
          .where('symbol', '=', symbol)
          .execute();
        await audit(trx, {
          action: state === 'paused' ? 'market.pause' : 'market.resume',
          targetType: 'market',
          targetId: symbol,
          before: { state: before },
          after: { state },
          ...(reason ? { reason } : {}),
        });
      });
      const ack = await engine.submit({ type: 'market-state', market: symbol, state });
      engineRefused(`state ${state} of ${symbol}`, ack.events);
      catalogue.setState(symbol, state);
      changed();
      return marketView(market);
    });
  }

  async function scheduleFeeChange(
    symbol: string,
    input: { makerFeeBps: number; takerFeeBps: number; effectiveAt: string; reason?: string },
    operatorId: string,
    audit: Audit,
  ): Promise<FeeChange> {
    const market = knownMarket(symbol);
    const refused = checkFees(input.makerFeeBps, input.takerFeeBps);
    if (refused) throw listingError(refused);
    const at = now();
    const effectiveAt = Date.parse(input.effectiveAt);
    if (!(effectiveAt > at && effectiveAt <= at + YEAR_MS)) {
      throw new AppError(
        'validation',
        'catalogueEffectiveTime',
        { field: 'effectiveAt' },
        'effectiveAt',
      );
    }
    const row: FeeChangeRow & Insertable<MarketsTables['catalogue_fee_changes']> = {
      id: randomUUID(),
      market: symbol,
      maker_fee_bps: input.makerFeeBps,
      taker_fee_bps: input.takerFeeBps,
      effective_at: effectiveAt,
      status: 'scheduled',
      created_by: operatorId,
      created_at: at,
      applied_at: null,
      cancelled_at: null,
    };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('catalogue_fee_changes').values(row).execute();
      await audit(trx, {
        action: 'market.fees.schedule',
        targetType: 'market',
        targetId: symbol,
        before: { makerFeeBps: market.spec.makerFeeBps, takerFeeBps: market.spec.takerFeeBps },
        after: {
          feeChange: row.id,
          makerFeeBps: row.maker_fee_bps,
          takerFeeBps: row.taker_fee_bps,
          effectiveAt: input.effectiveAt,
        },
        ...(input.reason ? { reason: input.reason } : {}),
      });
    });
    return feeChangeView(row);
  }

  async function cancelFeeChange(
    id: string,
    reason: string | undefined,
    audit: Audit,
  ): Promise<FeeChange> {
    const at = now();
    await db.transaction().execute(async (trx) => {
      // Only a change still waiting: the job claims a due one the same way, so exactly
      // one of the two wins.
      const cancelled = await trx
        .updateTable('catalogue_fee_changes')
        .set({ status: 'cancelled', cancelled_at: at })
        .where('id', '=', id)
        .where('status', '=', 'scheduled')
        .executeTakeFirst();
      if (Number(cancelled.numUpdatedRows) === 0) {
        const exists = await trx
          .selectFrom('catalogue_fee_changes')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst();
        throw exists
          ? new AppError('conflict', 'catalogueFeeChangeClosed')
          : new AppError('notFound', 'catalogueFeeChangeNotFound');
      }
      await audit(trx, {
        action: 'market.fees.cancel',
        targetType: 'fee_change',
        targetId: id,
        before: { status: 'scheduled' },
        after: { status: 'cancelled' },
        ...(reason ? { reason } : {}),
      });
    });
    const row = await db
      .selectFrom('catalogue_fee_changes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return feeChangeView(row);
  }

  /**
   * Applies every fee change whose time has come, oldest first, exactly once: claimed
   * (`scheduled` -> `applying`) so a cancel can no longer take it, given to the engine
   * under its reference, then marked applied with the market's row. A stop anywhere in
   * between leaves it `applying`; the next run gives it to the engine again, which
   * refuses the reference it already applied, and only the marking is repeated.
   */
  async function applyDueFeeChanges(): Promise<string[]> {
    const due = await db
      .selectFrom('catalogue_fee_changes')
      .selectAll()
      .where('status', 'in', ['scheduled', 'applying'])
      .where('effective_at', '<=', now())
      .orderBy('effective_at')
      .orderBy('created_at')
      .execute();
    const applied: string[] = [];
    for (const change of due) {
      const done = await serial(() => applyFeeChange(change));
      if (done) applied.push(change.id);
    }
    return applied;
  }

  async function applyFeeChange(change: FeeChangeRow): Promise<boolean> {
    if (change.status === 'scheduled') {
      const claimed = await db
        .updateTable('catalogue_fee_changes')
        .set({ status: 'applying' })
        .where('id', '=', change.id)
        .where('status', '=', 'scheduled')
        .executeTakeFirst();
      // Cancelled (or claimed) meanwhile.
      if (Number(claimed.numUpdatedRows) === 0) return false;
    }
    const maker = Number(change.maker_fee_bps);
    const taker = Number(change.taker_fee_bps);
    const ack = await engine.submit({
      type: 'market-fees',
      market: change.market,
      makerFeeBps: maker,
      takerFeeBps: taker,
      ref: feeChangeRef(change.id),
    });
    const refused = refusal(ack.events);
    if (refused && !(refused.type === 'rejected' && refused.reason === 'duplicate_reference')) {
      // Left `applying`: reported, and tried again on the next run.
      deps.onError?.(new Error(JSON.stringify(refused)), `fee change ${change.id} refused`);
      return false;
    }
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('catalogue_fee_changes')
        .set({ status: 'applied', applied_at: at })
        .where('id', '=', change.id)
        .where('status', '=', 'applying')
        .execute();
      await trx
        .updateTable('catalogue_markets')
        .set({ maker_fee_bps: maker, taker_fee_bps: taker, updated_at: at })
        .where('symbol', '=', change.market)
        .execute();
      await deps.platformAudit(trx, {
        action: 'market.fees.apply',
        targetType: 'fee_change',
        targetId: change.id,
        after: { symbol: change.market, makerFeeBps: maker, takerFeeBps: taker },
      });
    });
    catalogue.setFees(change.market, maker, taker);
    changed();
    return true;
  }

  async function list() {
    const feeChanges = await db
      .selectFrom('catalogue_fee_changes')
      .selectAll()
      .orderBy('effective_at', 'desc')
      .limit(200)
      .execute();
    return {
      coins: catalogue.coins().map(coinView),
      markets: catalogue.markets().map(marketView),
      feeChanges: feeChanges.map(feeChangeView),
    };
  }

  return {
    addCoin,
    addMarket,
    setState,
    scheduleFeeChange,
    cancelFeeChange,
    applyDueFeeChanges,
    list,
  };
}

export type CatalogueOperations = ReturnType<typeof createCatalogueOperations>;
