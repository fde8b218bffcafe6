// Shared by the core tests and benchmarks: one market with round numbers, so a price of
// 100 ticks is 1 USDT per BTC-lot and hand-checked figures stay readable.
import type { Asset } from '../ledger/assets.ts';
import type {
  AdjustCommand,
  CancelCommand,
  DepositCommand,
  IndexCommand,
  ListAssetCommand,
  ListMarketCommand,
  MarketFeesCommand,
  MarketState,
  MarketStateCommand,
  PlaceCommand,
} from './commands.ts';
import type { MarketSpec } from './market.ts';
import { TradingEngine } from './trading-engine.ts';

export const BTC: Asset = { code: 'BTC', decimals: 8, maxAmount: 10n ** 16n };
export const USDT: Asset = { code: 'USDT', decimals: 6, maxAmount: 10n ** 18n };

/** Tick 0.01 USDT, lot 0.0001 BTC: one lot at one tick is 1 USDT minor unit. */
export const BTC_USDT: MarketSpec = {
  symbol: 'BTC-USDT',
  base: BTC,
  quote: USDT,
  tickSize: 10_000n,
  lotSize: 10_000n,
  minNotional: 100n,
  maxOrderLots: 1_000_000,
  maxPriceTicks: 100_000_000,
  makerFeeBps: 10,
  takerFeeBps: 20,
  bandBps: 500,
};

export function newEngine(): TradingEngine {
  return new TradingEngine({ assets: [BTC, USDT], markets: [BTC_USDT] });
}

/** Builds commands with consecutive sequence numbers and one clock. */
export class CommandStream {
  seq = 0;
  ts = 1_700_000_000_000;

  deposit(user: string, asset: string, amount: bigint): DepositCommand {
    return {
      type: 'deposit',
      seq: ++this.seq,
      ts: ++this.ts,
      user,
      asset,
      amount,
      ref: `d${this.seq}`,
      source: 'platform_float',
    };
  }

  limit(
    user: string,
    side: 'buy' | 'sell',
    price: number,
    lots: number,
    tif: PlaceCommand['tif'] = 'GTC',
  ): PlaceCommand {
    return this.place({ user, side, kind: 'limit', tif, price, lots });
  }

  place(
    fields: Partial<PlaceCommand> & Pick<PlaceCommand, 'user' | 'side' | 'kind'>,
  ): PlaceCommand {
    return {
      type: 'place',
      seq: ++this.seq,
      ts: ++this.ts,
      market: BTC_USDT.symbol,
      tif: 'GTC',
      price: 0,
      lots: 0,
      quote: 0n,
      stop: 0,
      ...fields,
    };
  }

  cancel(user: string, orderId: number, market = BTC_USDT.symbol): CancelCommand {
    return { type: 'cancel', seq: ++this.seq, ts: ++this.ts, user, market, orderId };
  }

  adjust(from: string, to: string, amount: bigint, ref: string): AdjustCommand {
    return { type: 'adjust', seq: ++this.seq, ts: ++this.ts, from, to, amount, ref };
  }

  index(price: bigint, market = BTC_USDT.symbol): IndexCommand {
    return { type: 'index', seq: ++this.seq, ts: ++this.ts, prices: [[market, price]] };
  }

  listAsset(asset: string, decimals: number, maxAmount = 10n ** 18n): ListAssetCommand {
    return { type: 'list-asset', seq: ++this.seq, ts: ++this.ts, asset, decimals, maxAmount };
  }

  /** ETH/USDT unless told otherwise: tick 0.01 USDT, lot 0.001 ETH. */
  listMarket(
    fields: Partial<Omit<ListMarketCommand, 'type' | 'seq' | 'ts'>> = {},
  ): ListMarketCommand {
    return {
      type: 'list-market',
      seq: ++this.seq,
      ts: ++this.ts,
      market: 'ethusdt',
      base: 'ETH',
      quote: 'USDT',
      tickSize: 10_000n,
      lotSize: 100_000n,
      minNotional: 100n,
      maxOrderLots: 1_000_000,
      maxPriceTicks: 100_000_000,
      makerFeeBps: 10,
      takerFeeBps: 20,
      bandBps: 500,
      state: 'trading',
      ...fields,
    };
  }

  marketState(state: MarketState, market = BTC_USDT.symbol): MarketStateCommand {
    return { type: 'market-state', seq: ++this.seq, ts: ++this.ts, market, state };
  }

  fees(
    makerFeeBps: number,
    takerFeeBps: number,
    ref: string,
    market = BTC_USDT.symbol,
  ): MarketFeesCommand {
    return {
      type: 'market-fees',
      seq: ++this.seq,
      ts: ++this.ts,
      market,
      makerFeeBps,
      takerFeeBps,
      ref,
    };
  }
}
