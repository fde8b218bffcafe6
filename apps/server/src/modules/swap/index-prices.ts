import { type Asset, type SwapLeg } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';

/**
 * An index older than this is no longer today's rate (the feed stopped): no quote is
 * given on it, so nobody swaps against a price the market has left.
 */
export const INDEX_MAX_AGE_MS = 60_000;

/** Every coin is priced in this one; its own price is one of itself. */
export const SWAP_QUOTE_COIN = 'USDT';

export interface PricedCoin {
  asset: Asset;
  leg: SwapLeg;
  /** When the index said so (ms); null for USDT, which has no index. */
  time: number | null;
}

/**
 * The coins a swap offers and their index prices in USDT, read from the engine's last
 * journalled index tick of each coin's USDT market (the price the market feed sent, never
 * one anybody typed in).
 */
export function createIndexPrices(
  engine: Pick<EngineFront, 'asset' | 'marketSymbols' | 'marketSpec' | 'indexTick'>,
  now: () => number,
) {
  /** The coin's USDT market, if the engine lists one. */
  function marketOf(coin: string): string | undefined {
    return engine.marketSymbols().find((symbol) => {
      const spec = engine.marketSpec(symbol);
      return spec?.base.code === coin && spec.quote.code === SWAP_QUOTE_COIN;
    });
  }

  /** USDT and every coin with a USDT market, in listing order. */
  function coins(): string[] {
    const listed = engine
      .marketSymbols()
      .map((symbol) => engine.marketSpec(symbol)!)
      .filter((spec) => spec.quote.code === SWAP_QUOTE_COIN)
      .map((spec) => spec.base.code);
    return engine.asset(SWAP_QUOTE_COIN) ? [SWAP_QUOTE_COIN, ...listed] : [];
  }

  return {
    coins,

    /** The coins offered with their decimals, as the page lists them. */
    offered(): Array<{ coin: string; decimals: number }> {
      return coins().map((coin) => ({ coin, decimals: engine.asset(coin)!.decimals }));
    },

    offers(coin: string): boolean {
      return coin === SWAP_QUOTE_COIN ? !!engine.asset(coin) : marketOf(coin) !== undefined;
    },

    /**
     * The coin with its price; undefined while its market has no index tick, or only one
     * older than INDEX_MAX_AGE_MS.
     */
    price(coin: string): PricedCoin | undefined {
      const usdt = engine.asset(SWAP_QUOTE_COIN);
      const asset = engine.asset(coin);
      if (!usdt || !asset) return undefined;
      if (coin === SWAP_QUOTE_COIN) {
        return {
          asset,
          leg: { decimals: asset.decimals, price: 10n ** BigInt(usdt.decimals) },
          time: null,
        };
      }
      const market = marketOf(coin);
      const tick = market === undefined ? undefined : engine.indexTick(market);
      if (!tick || now() - tick.ts > INDEX_MAX_AGE_MS) return undefined;
      return { asset, leg: { decimals: asset.decimals, price: tick.price }, time: tick.ts };
    },

    usdtDecimals(): number {
      return engine.asset(SWAP_QUOTE_COIN)?.decimals ?? 6;
    },
  };
}

export type IndexPrices = ReturnType<typeof createIndexPrices>;
