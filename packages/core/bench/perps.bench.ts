// Perpetuals at scale: 100,000 open isolated positions on one market (half long, half
// short), then (1) index ticks that mark every position and check it against its
// liquidation price, with none due and with about 1 % due (the insurance fund taking them
// into the book), and (2) one funding run paying between all of them. Prints medians.
import { userAccount } from '../src/ledger/accounts.ts';
import type { EngineCommand, PerpListing } from '../src/matching/commands.ts';
import { TradingEngine } from '../src/matching/trading-engine.ts';
import { liquidationPrice } from '../src/perps/liquidation.ts';
import { parseRate } from '../src/perps/rates.ts';
import { initialMargin } from '../src/perps/tiers.ts';

const POSITIONS = 100_000;
const RUNS = 7;
const HOUR = 3_600_000;
const USDT = { code: 'USDT', decimals: 6, maxAmount: 10n ** 18n };
const BTC = { code: 'BTC', decimals: 8, maxAmount: 10n ** 16n };
const SPOT = {
  symbol: 'btcusdt',
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
};
const LISTING: PerpListing = {
  symbol: 'btcusdt',
  underlying: 'btcusdt',
  base: 'BTC',
  quote: 'USDT',
  contractSize: 100_000n,
  tickSize: 100_000n,
  maxOrderContracts: 1_000_000,
  tiers: [
    { upTo: 50_000_000_000n, maxLeverage: 125, maintenanceRate: parseRate('0.004')! },
    { upTo: 250_000_000_000n, maxLeverage: 100, maintenanceRate: parseRate('0.005')! },
    { upTo: null, maxLeverage: 50, maintenanceRate: parseRate('0.01')! },
  ],
  makerFeeBps: 2,
  takerFeeBps: 5,
  fundingIntervalMs: 8 * HOUR,
  interestRate: parseRate('0.0001')!,
  fundingCap: parseRate('0.0075')!,
  impactNotional: 1_000_000_000n,
  protectionRate: parseRate('0.05')!,
};

let seq = 0;
let ts = 1_800_000_000_000;
const apply = (engine: TradingEngine, fields: Record<string, unknown>) =>
  engine.apply({ ...fields, seq: ++seq, ts: ++ts } as EngineCommand);

/** Deterministic positions: sizes 1..100 contracts, entries 59,000..61,000, 5x to 20x. */
function build(): TradingEngine {
  seq = 0;
  const engine = new TradingEngine({ assets: [BTC, USDT], markets: [SPOT] });
  apply(engine, { type: 'perp', op: { op: 'list', spec: LISTING } });
  apply(engine, { type: 'index', prices: [['btcusdt', 60_000_000_000n]] });
  const market = engine.perps.markets.get('btcusdt')!;
  let x = 12345;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < POSITIONS; i++) {
    const user = `u${i}`;
    const contracts = 1 + (next() % 100);
    const entry = (59_000n + BigInt(next() % 2_000)) * 1_000_000n;
    const leverage = 5 + (next() % 16);
    const side = i % 2 === 0 ? 'long' : 'short';
    const margin = initialMargin(market.notional(contracts, entry), leverage);
    // The bench sets balances directly: the margin held in each user's contract wallet.
    engine.ledger.account(userAccount(user, 'USDT', 'held', 'contract')).balance = margin;
    market.positions.set(user, {
      id: i + 1,
      user,
      symbol: 'btcusdt',
      side,
      contracts,
      entry,
      margin,
      mode: 'isolated',
      leverage,
      realised: 0n,
      funding: 0n,
      openedAt: ts,
      liquidation: liquidationPrice(
        { side, size: market.sizeOf(contracts), entry, margin },
        market.tiers,
        market.baseScale,
      ),
    });
  }
  // Whoever the fund closes into: a deep book on both sides.
  engine.ledger.account(userAccount('maker', 'USDT', 'available', 'contract')).balance = 10n ** 15n;
  return engine;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const engine = build();
const quiet: number[] = [];
for (let r = 0; r < RUNS + 2; r++) {
  const price = 60_000_000_000n + BigInt((r % 2) * 1_000_000);
  const ms = time(() => apply(engine, { type: 'index', prices: [['btcusdt', price]] }));
  if (r >= 2) quiet.push(ms);
}
console.log(
  `perps: mark + liquidation check of ${POSITIONS.toLocaleString('en')} positions per index tick (none due): median ${median(quiet).toFixed(1)} ms (target < 50)`,
);

const dueRuns: number[] = [];
const liquidated: number[] = [];
for (let r = 0; r < 3; r++) {
  const e = build();
  // Lows around 55,000 reach the most leveraged longs (about 1 %).
  const ms = time(() => {
    const result = apply(e, { type: 'index', prices: [['btcusdt', 55_600_000_000n]] });
    liquidated.push(result.events.filter((ev) => ev.type === 'perp_liquidated').length);
  });
  dueRuns.push(ms);
}
console.log(
  `perps: the same tick with ${median(liquidated).toLocaleString('en')} liquidations (insurance takeover, ADL, no book): median ${median(dueRuns).toFixed(1)} ms`,
);

const funding: number[] = [];
for (let r = 0; r < 3; r++) {
  const e = build();
  const market = e.perps.markets.get('btcusdt')!;
  const at = market.nextFundingTime;
  ts = at;
  funding.push(
    time(() => apply(e, { type: 'perp', op: { op: 'fund', symbol: 'btcusdt', time: at } })),
  );
}
console.log(
  `perps: one funding run over ${POSITIONS.toLocaleString('en')} positions: median ${median(funding).toFixed(0)} ms`,
);
