import type { PriceInfo } from '@meridian/contract';

/**
 * Where the quote lists' contract rows come from: the perpetuals module installs itself
 * at start (which markets have a perpetual, and their own prices). Until it does, no
 * market is a contract market, and the contract lists are empty rather than spot prices.
 */
export interface ContractSource {
  /** Every perpetual, or those of one contract type (U: USDT-margined, B: coin-margined). */
  symbols(type?: 'U' | 'B'): ReadonlySet<string>;
  priceInfos(symbols: readonly string[]): Promise<Map<string, PriceInfo>>;
}

export function contractSource(): ContractSource & { install(real: ContractSource): void } {
  let real: ContractSource | null = null;
  return {
    install(source) {
      real = source;
    },
    symbols: (type) => real?.symbols(type) ?? new Set(),
    priceInfos: async (symbols) => (real ? real.priceInfos(symbols) : new Map()),
  };
}
