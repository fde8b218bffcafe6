import type { MarketSpec, MarketState } from '@meridian/core';

/** A listed coin, as the catalogue tables hold it. */
export interface ListedCoin {
  code: string;
  name: string;
  decimals: number;
  icon: string | null;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  position: number;
}

/**
 * A listed market with what the quote pages show of it. Amounts are integer minor
 * units: a market's tick is in quote minor units per whole base unit, its lot in base
 * minor units.
 */
export interface ListedMarket {
  /** What the engine trades: its current fees included. */
  spec: MarketSpec;
  /** `btcusdt`: lowercase base + quote (seed section 9). */
  symbol: string;
  /** Decimals shown for prices and for quantities (the seed's part_cou and full_cou). */
  priceDecimals: number;
  quantityDecimals: number;
  /** Where the market appears: second contracts, spot, USDT contracts. */
  lists: { second: boolean; spot: boolean; contract: boolean };
  plate: string[];
  /** Where the simulated index starts on a new deployment, as a decimal string. */
  referencePrice: string;
  /** Typical one-second move of the simulated index, parts per million. */
  volatilityPpm: number;
  /** Paused: the book keeps its orders and takes cancels only. */
  state: MarketState;
  /** Its place in the lists (the seed's `c_id`). */
  position: number;
}

/**
 * The coins and markets this platform lists, in list order: read from the catalogue
 * tables at start (once the engine agrees with them) and kept current by the operators'
 * calls and the fee-change job, so every list, feed and bot follows a change at once.
 * Whoever must act on a new market (the index feed, market data, the market makers)
 * subscribes with `onListed`.
 */
export class Catalogue {
  private readonly coinList: ListedCoin[] = [];
  private readonly marketList: ListedMarket[] = [];
  private readonly bySymbol = new Map<string, ListedMarket>();
  private readonly listeners = new Set<(market: ListedMarket) => void | Promise<void>>();

  constructor(coins: ListedCoin[], markets: ListedMarket[]) {
    for (const coin of coins) this.putCoin(coin);
    for (const market of markets) this.putMarket(market);
  }

  coins(): readonly ListedCoin[] {
    return this.coinList;
  }

  coin(code: string): ListedCoin | undefined {
    return this.coinList.find((c) => c.code === code);
  }

  markets(): readonly ListedMarket[] {
    return this.marketList;
  }

  market(symbol: string): ListedMarket | undefined {
    return this.bySymbol.get(symbol);
  }

  addCoin(coin: ListedCoin): void {
    this.putCoin(coin);
  }

  /** A market listed while running: every subscriber starts on it before this resolves. */
  async addMarket(market: ListedMarket): Promise<void> {
    this.putMarket(market);
    for (const listener of this.listeners) await listener(market);
  }

  setState(symbol: string, state: MarketState): void {
    const market = this.bySymbol.get(symbol);
    if (market) market.state = state;
  }

  setFees(symbol: string, makerFeeBps: number, takerFeeBps: number): void {
    const market = this.bySymbol.get(symbol);
    if (market) market.spec = { ...market.spec, makerFeeBps, takerFeeBps };
  }

  /**
   * Takes what another process changed (read back from the tables): coins and markets
   * it listed join, as if listed here; states and fees follow.
   */
  async sync(coins: readonly ListedCoin[], markets: readonly ListedMarket[]): Promise<void> {
    for (const coin of coins) if (!this.coin(coin.code)) this.addCoin(coin);
    for (const market of markets) {
      const known = this.bySymbol.get(market.symbol);
      if (!known) {
        await this.addMarket(market);
        continue;
      }
      known.state = market.state;
      known.spec = market.spec;
    }
  }

  onListed(listener: (market: ListedMarket) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private putCoin(coin: ListedCoin): void {
    this.coinList.push(coin);
    this.coinList.sort((a, b) => a.position - b.position);
  }

  private putMarket(market: ListedMarket): void {
    this.bySymbol.set(market.symbol, market);
    this.marketList.push(market);
    this.marketList.sort((a, b) => a.position - b.position);
  }
}
