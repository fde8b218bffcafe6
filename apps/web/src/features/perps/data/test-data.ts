import type { PerpMarket, PerpPosition } from '@meridian/contract/calls/perps';

/** BTCUSDT as packages/core README publishes it (tiers, fees), 0.001 BTC a contract. */
export function testMarket(overrides: Partial<PerpMarket> = {}): PerpMarket {
  return {
    symbol: 'btcusdt',
    kind: 'linear',
    base: 'btc',
    quote: 'usdt',
    marginCoin: 'USDT',
    contractSize: '0.001',
    tickSize: '0.1',
    maxContracts: 100000,
    maxLeverage: 125,
    tiers: [
      { tier: 1, upTo: '50000', maxLeverage: 125, maintenanceRate: '0.004', cumulative: '0' },
      { tier: 2, upTo: '250000', maxLeverage: 100, maintenanceRate: '0.005', cumulative: '50' },
      { tier: 3, upTo: '1000000', maxLeverage: 50, maintenanceRate: '0.01', cumulative: '1300' },
      { tier: 4, upTo: '10000000', maxLeverage: 20, maintenanceRate: '0.025', cumulative: '16300' },
      { tier: 5, upTo: null, maxLeverage: 10, maintenanceRate: '0.05', cumulative: '266300' },
    ],
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0005',
    fundingIntervalHours: 8,
    interestRate: '0.0001',
    fundingClamp: '0.0005',
    fundingCap: '0.0075',
    impactNotional: '10000',
    marketProtectionRate: '0.05',
    paused: false,
    ...overrides,
  };
}

/**
 * BTCUSD as the server lists it: coin-margined, 100 USD a contract, tiers in BTC
 * (packages/core README's coin-margined table).
 */
export function testInverseMarket(overrides: Partial<PerpMarket> = {}): PerpMarket {
  return testMarket({
    symbol: 'btcusd',
    kind: 'inverse',
    marginCoin: 'BTC',
    contractSize: '100',
    tickSize: '0.01',
    maxContracts: 1_000_000,
    tiers: [
      { tier: 1, upTo: '5', maxLeverage: 125, maintenanceRate: '0.004', cumulative: '0' },
      { tier: 2, upTo: '10', maxLeverage: 100, maintenanceRate: '0.005', cumulative: '0.005' },
      { tier: 3, upTo: '20', maxLeverage: 50, maintenanceRate: '0.01', cumulative: '0.055' },
      { tier: 4, upTo: '50', maxLeverage: 20, maintenanceRate: '0.025', cumulative: '0.355' },
      { tier: 5, upTo: null, maxLeverage: 10, maintenanceRate: '0.05', cumulative: '1.605' },
    ],
    ...overrides,
  });
}

/** A 10x long of 1,000 contracts (1 BTC) from 60,000, marked at 61,234.5. */
export function testPosition(overrides: Partial<PerpPosition> = {}): PerpPosition {
  return {
    id: '42',
    symbol: 'btcusdt',
    side: 'long',
    contracts: 1000,
    size: '1',
    entryPrice: '60000',
    markPrice: '61234.5',
    notional: '61234.5',
    marginMode: 'isolated',
    leverage: 10,
    margin: '6000',
    maintenanceMargin: '256.1725',
    marginRatio: '0.0352',
    unrealisedPnl: '1234.5',
    roe: '0.20575',
    realisedPnl: '0',
    funding: '0',
    liquidationPrice: '54221.105528',
    bankruptcyPrice: '54000',
    adlQuintile: 3,
    takeProfit: null,
    stopLoss: null,
    openedAt: 1_700_000_000_000,
    ...overrides,
  };
}
