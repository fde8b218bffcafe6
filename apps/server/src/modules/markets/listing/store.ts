import type { Selectable } from 'kysely';
import type { CatalogueCoin, CatalogueMarket, FeeChange } from '@meridian/contract';
import {
  formatUnits,
  LISTING_LIMITS,
  parseUnits,
  type ListMarketCommand,
  type MarketSpec,
  type MarketState,
} from '@meridian/core';
import type { Unsequenced } from '../../../engine/engine-front.ts';
import type { ListedCoin, ListedMarket } from '../catalogue.ts';
import type { MarketsDb, MarketsTables } from '../tables.ts';

export type CoinRow = Selectable<MarketsTables['catalogue_coins']>;
export type MarketRow = Selectable<MarketsTables['catalogue_markets']>;
export type FeeChangeRow = Selectable<MarketsTables['catalogue_fee_changes']>;

/** Every coin and market row, in list order. */
export async function loadCatalogueRows(db: MarketsDb) {
  const coins = await db.selectFrom('catalogue_coins').selectAll().orderBy('position').execute();
  const markets = await db
    .selectFrom('catalogue_markets')
    .selectAll()
    .orderBy('position')
    .execute();
  return { coins, markets };
}

export function listedCoin(row: CoinRow): ListedCoin {
  return {
    code: row.code,
    name: row.name,
    decimals: Number(row.decimals),
    icon: row.icon,
    depositEnabled: Number(row.deposit_enabled) === 1,
    withdrawEnabled: Number(row.withdraw_enabled) === 1,
    position: Number(row.position),
  };
}

/** A market row and the spec the engine trades it with. */
export function listedMarket(row: MarketRow, spec: MarketSpec): ListedMarket {
  return {
    spec: { ...spec },
    symbol: row.symbol,
    priceDecimals: Number(row.price_decimals),
    quantityDecimals: Number(row.quantity_decimals),
    lists: {
      spot: Number(row.list_spot) === 1,
      second: Number(row.list_second) === 1,
      contract: Number(row.list_contract) === 1,
    },
    plate: row.plate === '' ? [] : row.plate.split(','),
    referencePrice: row.reference_price,
    volatilityPpm: Number(row.volatility_ppm),
    state: row.state as MarketState,
    position: Number(row.position),
  };
}

/**
 * The engine command that lists a market row, its sizes turned into minor units at its
 * coins' decimals (the rows keep decimal text, as an operator typed it).
 */
export function listCommandOf(
  row: MarketRow,
  decimals: (code: string) => number,
): Unsequenced<ListMarketCommand> {
  const q = decimals(row.quote);
  return {
    type: 'list-market',
    market: row.symbol,
    base: row.base,
    quote: row.quote,
    tickSize: parseUnits(row.tick_size, q),
    lotSize: parseUnits(row.lot_size, decimals(row.base)),
    minNotional: parseUnits(row.min_notional, q),
    ...LISTING_LIMITS,
    makerFeeBps: Number(row.maker_fee_bps),
    takerFeeBps: Number(row.taker_fee_bps),
    bandBps: Number(row.band_bps),
    state: row.state as MarketState,
  };
}

export function coinView(coin: ListedCoin): CatalogueCoin {
  return { ...coin };
}

export function marketView(market: ListedMarket): CatalogueMarket {
  const { spec } = market;
  const q = spec.quote.decimals;
  return {
    symbol: market.symbol,
    base: spec.base.code,
    quote: spec.quote.code,
    tickSize: formatUnits(spec.tickSize, q),
    lotSize: formatUnits(spec.lotSize, spec.base.decimals),
    minNotional: formatUnits(spec.minNotional, q),
    referencePrice: market.referencePrice,
    makerFeeBps: spec.makerFeeBps,
    takerFeeBps: spec.takerFeeBps,
    bandBps: spec.bandBps,
    state: market.state,
    priceDecimals: market.priceDecimals,
    quantityDecimals: market.quantityDecimals,
    lists: { ...market.lists },
    plate: [...market.plate],
    volatilityPpm: market.volatilityPpm,
    position: market.position,
  };
}

const isoOf = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();

export function feeChangeView(row: FeeChangeRow): FeeChange {
  return {
    id: row.id,
    symbol: row.market,
    makerFeeBps: Number(row.maker_fee_bps),
    takerFeeBps: Number(row.taker_fee_bps),
    effectiveAt: isoOf(row.effective_at)!,
    status: row.status as FeeChange['status'],
    createdBy: row.created_by,
    createdAt: isoOf(row.created_at)!,
    appliedAt: isoOf(row.applied_at),
    cancelledAt: isoOf(row.cancelled_at),
  };
}
