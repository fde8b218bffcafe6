import type { Asset } from '../ledger/assets.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { PerpsEngine } from './engine.ts';
import { PerpMarket, type PerpOrder, type PerpSpec, type Position, type Setting } from './state.ts';
import { resolveTiers } from './tiers.ts';

/** Bigints as integer text: what a snapshot (JSON) carries. */
type Text<T> = {
  [K in keyof T]: T[K] extends bigint
    ? string
    : T[K] extends bigint | null
      ? string | null
      : T[K] extends object | undefined
        ? T[K]
        : T[K];
};

export interface PerpMarketSnapshot {
  spec: Omit<Text<PerpSpec>, 'base' | 'quote' | 'tiers'> & {
    base: string;
    quote: string;
    tiers: Array<{ upTo: string | null; maxLeverage: number; maintenanceRate: string }>;
  };
  lastPrice: string;
  index: string;
  mark: string;
  basis: Array<[number, string]>;
  premiums: string[];
  sampledMinute: number;
  lastFundingRate: string | null;
  nextFundingTime: number;
  paused: boolean;
  /** Resting orders in book order, then waiting stops. */
  orders: Array<Omit<Text<PerpOrder>, 'slot'> & { resting: boolean }>;
  positions: Array<Record<string, unknown>>;
}

export interface PerpsSnapshot {
  markets: PerpMarketSnapshot[];
  settings: Array<[key: string, leverage: number, mode: Setting['mode']]>;
  fundingRefs: string[];
  nextOrderId: number;
  nextTradeId: number;
}

const big = (v: bigint) => v.toString();

export function snapshotPerps(perps: PerpsEngine): PerpsSnapshot | undefined {
  if (perps.markets.size === 0) return undefined;
  return {
    markets: [...perps.markets.values()].map((m) => ({
      spec: {
        ...m.spec,
        base: m.spec.base.code,
        quote: m.spec.quote.code,
        contractSize: big(m.spec.contractSize),
        tickSize: big(m.spec.tickSize),
        interestRate: big(m.spec.interestRate),
        fundingCap: big(m.spec.fundingCap),
        impactNotional: big(m.spec.impactNotional),
        protectionRate: big(m.spec.protectionRate),
        tiers: m.spec.tiers.map((t) => ({
          upTo: t.upTo === null ? null : big(t.upTo),
          maxLeverage: t.maxLeverage,
          maintenanceRate: big(t.maintenanceRate),
        })),
      },
      lastPrice: big(m.lastPrice),
      index: big(m.index),
      mark: big(m.mark),
      basis: m.basis.entries().map(([at, b]) => [at, big(b)]),
      premiums: m.premiums.map(big),
      sampledMinute: m.sampledMinute,
      lastFundingRate: m.lastFundingRate === null ? null : big(m.lastFundingRate),
      nextFundingTime: m.nextFundingTime,
      paused: m.paused,
      orders: [
        ...[...m.book.orders()].map((o) => orderText(o.entry, true)),
        ...m.stops.map((o) => orderText(o, false)),
      ],
      positions: [...m.positions.values()].map((p) => positionText(p)),
    })),
    settings: [...perps.settings.entries()].map(([k, s]) => [k, s.leverage, s.mode]),
    fundingRefs: [...perps.fundingRefs].sort(),
    nextOrderId: perps.nextOrderId,
    nextTradeId: perps.nextTradeId,
  };
}

function orderText(o: PerpOrder, resting: boolean) {
  const { slot: _slot, hold, ...rest } = o;
  return { ...rest, hold: big(hold), resting };
}

function positionText(p: Position): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(p, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
  ) as Record<string, unknown>;
}

function positionOf(text: Record<string, unknown>): Position {
  return JSON.parse(JSON.stringify(text), (_k, v: unknown) =>
    typeof v === 'string' && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v,
  ) as Position;
}

/**
 * Restores the perpetual state a snapshot kept. Holds kept in the engine for market
 * makers' orders are reserved again from the orders, as spot's are.
 */
export function restorePerps(
  perps: PerpsEngine,
  snapshot: PerpsSnapshot,
  assetOf: (code: string) => Asset | undefined,
  ledger: Ledger,
): void {
  for (const saved of snapshot.markets) {
    const s = saved.spec;
    const asset = (code: string) => {
      const found = assetOf(code);
      if (!found) throw new Error(`snapshot perpetual ${s.symbol} names unknown asset ${code}`);
      return found;
    };
    const spec: PerpSpec = {
      ...s,
      base: asset(s.base),
      quote: asset(s.quote),
      contractSize: BigInt(s.contractSize),
      tickSize: BigInt(s.tickSize),
      interestRate: BigInt(s.interestRate),
      fundingCap: BigInt(s.fundingCap),
      impactNotional: BigInt(s.impactNotional),
      protectionRate: BigInt(s.protectionRate),
      tiers: s.tiers.map((t) => ({
        upTo: t.upTo === null ? null : BigInt(t.upTo),
        maxLeverage: t.maxLeverage,
        maintenanceRate: BigInt(t.maintenanceRate),
      })),
    };
    const market = new PerpMarket(spec, resolveTiers(spec.tiers), 0);
    market.lastPrice = BigInt(saved.lastPrice);
    market.index = BigInt(saved.index);
    market.mark = BigInt(saved.mark);
    market.basis.restore(saved.basis.map(([at, b]) => [at, BigInt(b)] as const));
    market.premiums = saved.premiums.map((p) => BigInt(p));
    market.sampledMinute = saved.sampledMinute;
    market.lastFundingRate = saved.lastFundingRate === null ? null : BigInt(saved.lastFundingRate);
    market.nextFundingTime = saved.nextFundingTime;
    market.paused = saved.paused;
    perps.markets.set(spec.symbol, market);
    for (const { resting, hold, ...o } of saved.orders) {
      const order: PerpOrder = { ...o, hold: BigInt(hold), slot: -1 };
      market.live.set(order.id, order);
      if (resting) market.book.add(order, order.side, order.price, order.remaining);
      else market.stops.push(order);
      const h = perps.holding(order.user, market);
      if (ledger.engineHolds && h.available.marketMaking && order.hold > 0n) {
        ledger.reserve(h.available, order.hold);
      }
    }
    for (const p of saved.positions) {
      const position = positionOf(p);
      market.positions.set(position.user, position);
    }
  }
  for (const [key, leverage, mode] of snapshot.settings)
    perps.settings.set(key, { leverage, mode });
  for (const ref of snapshot.fundingRefs) perps.fundingRefs.add(ref);
  perps.nextOrderId = snapshot.nextOrderId;
  perps.nextTradeId = snapshot.nextTradeId;
}
