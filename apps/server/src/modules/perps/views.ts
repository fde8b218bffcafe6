import type {
  PerpMarket as PerpMarketView,
  PerpOrder as PerpOrderView,
  PerpPosition,
  PerpTicker,
} from '@meridian/contract';
import {
  adlQuintiles,
  crossMargin,
  Decimal,
  formatRate,
  formatUnits,
  initialMargin,
  INSURANCE_OWNER,
  maintenanceMargin,
  marginRatio,
  roe,
  type PerpMarket,
  type PerpsEngine,
  type Position,
} from '@meridian/core';
import type { Selectable } from 'kysely';
import type { PerpOrdersTable } from './tables.ts';

/** Money of a market (margins, fees, PnL, notionals), in its margin coin. */
export function moneyOf(market: PerpMarket) {
  const decimals = market.margin.decimals;
  return (units: bigint) => formatUnits(units, decimals);
}

/** Prices of a market, in its quote. */
export function pricesOf(market: PerpMarket) {
  const decimals = market.spec.quote.decimals;
  return (units: bigint) => formatUnits(units, decimals);
}

/** Contracts × contract size: base coin (linear) or USD (inverse). */
function sizeText(market: PerpMarket, units: bigint): string {
  const { spec } = market;
  return formatUnits(units, spec.kind === 'inverse' ? spec.quote.decimals : spec.base.decimals);
}

export function marketView(market: PerpMarket): PerpMarketView {
  const money = moneyOf(market);
  const price = pricesOf(market);
  const { spec } = market;
  return {
    symbol: spec.symbol,
    kind: market.arithmetic.kind,
    base: spec.base.code,
    quote: spec.quote.code,
    marginCoin: market.margin.code,
    contractSize: sizeText(market, spec.contractSize),
    tickSize: price(spec.tickSize),
    maxContracts: spec.maxOrderContracts,
    maxLeverage: market.tiers[0]!.maxLeverage,
    tiers: market.tiers.map((t) => ({
      tier: t.tier,
      upTo: t.upTo === null ? null : money(t.upTo),
      maxLeverage: t.maxLeverage,
      maintenanceRate: formatRate(t.maintenanceRate),
      cumulative: money(t.cumulative),
    })),
    makerFeeRate: formatRate(BigInt(spec.makerFeeBps) * 10_000n),
    takerFeeRate: formatRate(BigInt(spec.takerFeeBps) * 10_000n),
    fundingIntervalHours: spec.fundingIntervalMs / 3_600_000,
    interestRate: formatRate(spec.interestRate),
    fundingClamp: formatRate(50_000n),
    fundingCap: formatRate(spec.fundingCap),
    impactNotional: price(spec.impactNotional),
    marketProtectionRate: formatRate(spec.protectionRate),
    paused: market.paused,
  };
}

export interface DayStats {
  first: string | null;
  high: string | null;
  low: string | null;
  volume: number;
  turnover: string;
}

export function tickerView(perps: PerpsEngine, market: PerpMarket, day: DayStats): PerpTicker {
  const money = pricesOf(market);
  let openInterest = 0;
  for (const p of market.positions.values()) if (p.side === 'long') openInterest += p.contracts;
  const last = market.lastPrice > 0n ? money(market.lastPrice) : null;
  let change: string | null = null;
  if (last && day.first) {
    const first = Decimal.parse(day.first)!;
    if (!first.isZero()) {
      change = Decimal.parse(last)!.minus(first).dividedBy(first, 8, 'down').toString();
    }
  }
  return {
    symbol: market.spec.symbol,
    lastPrice: last,
    markPrice: market.mark > 0n ? money(market.mark) : null,
    indexPrice: market.index > 0n ? money(market.index) : null,
    lastFundingRate: market.lastFundingRate === null ? null : formatRate(market.lastFundingRate),
    estimatedFundingRate: formatRate(perps.estimatedRate(market)),
    nextFundingTime: market.nextFundingTime,
    openInterest,
    change24h: change,
    volume24h: day.volume,
    turnover24h: day.turnover,
    high24h: day.high,
    low24h: day.low,
  };
}

/** The markets margined in `coin`. */
export function marketsIn(perps: PerpsEngine, coin: string): PerpMarket[] {
  return [...perps.markets.values()].filter((m) => m.margin.code === coin);
}

/**
 * The user's cross account in one margin coin: wallet available, cross margins and their
 * PnL, maintenance.
 */
export function crossAccount(perps: PerpsEngine, user: string, coin: string) {
  let margin = 0n;
  let pnl = 0n;
  let maintenance = 0n;
  const markets = marketsIn(perps, coin);
  const positions: Array<{ market: PerpMarket; p: Position; maintenance: bigint; pnl: bigint }> =
    [];
  if (markets.length === 0) {
    return { available: 0n, margin, pnl, maintenance, balance: 0n, positions };
  }
  const h = perps.holding(user, markets[0]);
  const available = h.available.balance - h.available.reserved;
  for (const market of markets) {
    const p = market.positions.get(user);
    if (!p || p.mode !== 'cross') continue;
    const m = maintenanceMargin(market.tiers, market.notional(p.contracts, market.mark));
    const u = market.arithmetic.pnl(p.side, p.contracts, p.entry, market.mark);
    margin += p.margin;
    pnl += u;
    maintenance += m;
    positions.push({ market, p, maintenance: m, pnl: u });
  }
  return { available, margin, pnl, maintenance, balance: available + margin + pnl, positions };
}

export function positionView(perps: PerpsEngine, market: PerpMarket, p: Position): PerpPosition {
  const money = moneyOf(market);
  const price = pricesOf(market);
  const notional = market.notional(p.contracts, market.mark);
  const pnl = market.arithmetic.pnl(p.side, p.contracts, p.entry, market.mark);
  const maintenance = maintenanceMargin(market.tiers, notional);
  let ratio: bigint;
  let backing = p.margin;
  let liquidation = p.liquidation;
  if (p.mode === 'cross') {
    const account = crossAccount(perps, p.user, market.margin.code);
    ratio = marginRatio(account.maintenance, account.balance);
    // What stands behind this position: the wallet and every cross margin, less what the
    // other cross positions keep and lose.
    backing = crossMargin(
      account.available + account.margin,
      account.positions
        .filter((x) => x.p !== p)
        .map((x) => ({ maintenance: x.maintenance, unrealisedPnl: x.pnl })),
    );
    liquidation = market.arithmetic.liquidationPrice(
      p.side,
      p.contracts,
      p.entry,
      backing,
      market.tiers,
    );
  } else ratio = marginRatio(maintenance, p.margin + pnl);
  const sameSide = [...market.positions.values()].filter(
    (x) => x.side === p.side && x.user !== INSURANCE_OWNER,
  );
  const bankruptcy = market.arithmetic.bankruptcyPrice(p.side, p.contracts, p.entry, backing);
  const quintile = adlQuintiles(sameSide, (x) => perps.adlScoreOf(market, x)).get(p) ?? 1;
  return {
    id: String(p.id),
    symbol: market.spec.symbol,
    side: p.side,
    contracts: p.contracts,
    size: sizeText(market, market.sizeOf(p.contracts)),
    entryPrice: price(p.entry),
    markPrice: price(market.mark),
    notional: money(notional),
    marginMode: p.mode,
    leverage: p.leverage,
    margin: money(p.margin),
    maintenanceMargin: money(maintenance),
    marginRatio: formatRate(ratio),
    unrealisedPnl: money(pnl),
    roe: formatRate(roe(pnl, initialMargin(market.notional(p.contracts, p.entry), p.leverage))),
    realisedPnl: money(p.realised),
    funding: money(p.funding),
    liquidationPrice: liquidation === null ? null : price(liquidation),
    bankruptcyPrice: bankruptcy === null ? null : price(bankruptcy),
    adlQuintile: quintile,
    takeProfit: p.takeProfit
      ? { price: price(p.takeProfit.price), trigger: p.takeProfit.trigger }
      : null,
    stopLoss: p.stopLoss ? { price: price(p.stopLoss.price), trigger: p.stopLoss.trigger } : null,
    openedAt: p.openedAt,
  };
}

export function orderView(perps: PerpsEngine, row: Selectable<PerpOrdersTable>): PerpOrderView {
  const market = perps.markets.get(row.symbol);
  const money = (units: bigint) => formatUnits(units, market?.margin.decimals ?? 6);
  const price = (units: bigint) => formatUnits(units, market?.spec.quote.decimals ?? 6);
  const live = market?.live.get(Number(row.id));
  const filled = Number(row.filled);
  return {
    id: String(row.id),
    clientOrderId: row.client_order_id,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    timeInForce: row.tif as PerpOrderView['timeInForce'],
    price: row.price,
    triggerPrice: row.trigger_price,
    trigger: (row.trigger as PerpOrderView['trigger']) ?? null,
    triggered: Number(row.triggered) === 1,
    reduceOnly: Number(row.reduce_only) === 1,
    source: row.source as PerpOrderView['source'],
    contracts: Number(row.contracts),
    filledContracts: filled,
    averagePrice:
      filled > 0 && market
        ? price(market.arithmetic.averagePrice(filled, BigInt(row.filled_value)))
        : null,
    leverage: Number(row.leverage),
    marginMode: row.margin_mode,
    marginHeld: money(live?.hold ?? 0n),
    fee: row.fee,
    realisedPnl: row.pnl,
    status: row.status,
    cancelReason: row.cancel_reason,
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
  };
}
