import type { EngineConfig } from '@meridian/core';

// One market for the engine-host tests: tick 0.01 USDT, lot 0.0001 BTC.
export const BTC = { code: 'BTC', decimals: 8, maxAmount: 10n ** 16n };
export const USDT = { code: 'USDT', decimals: 6, maxAmount: 10n ** 18n };

export const TEST_ENGINE: EngineConfig = {
  assets: [BTC, USDT],
  markets: [
    {
      symbol: 'BTC-USDT',
      base: BTC,
      quote: USDT,
      tickSize: 10_000n,
      lotSize: 10_000n,
      minNotional: 1_000_000n,
      maxOrderLots: 1_000_000,
      maxPriceTicks: 100_000_000,
      makerFeeBps: 10,
      takerFeeBps: 20,
      bandBps: 500,
    },
  ],
};
