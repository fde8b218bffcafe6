import { describe, expect, it } from 'vitest';
import { quoteLadder } from '../quoting.ts';
import { genesisMarkets } from '../genesis.ts';

const LISTED_MARKETS = genesisMarkets();
import { referencePrice } from '../index-feed/simulated.ts';

const CONFIG = { levels: 5, spreadBps: 20, stepBps: 10, levelNotional: 2_000_000_000n };

describe('quote ladder', () => {
  it.each(LISTED_MARKETS.map((m) => [m.symbol, m] as const))(
    '%s: distinct levels on the tick, outside the spread, each above the minimum order',
    (_symbol, market) => {
      const index = referencePrice(market);
      const ladder = quoteLadder(market, index, CONFIG);
      const bids = ladder.filter((l) => l.side === 'buy').map((l) => l.price);
      const asks = ladder.filter((l) => l.side === 'sell').map((l) => l.price);
      expect(bids).toHaveLength(5);
      expect(asks).toHaveLength(5);
      expect(new Set(bids).size).toBe(5);
      expect(new Set(asks).size).toBe(5);
      // Best bid and ask are at least 0.1% from the index on each side.
      expect(bids[0]! * 10_000n <= index * 9_990n).toBe(true);
      expect(asks[0]! * 10_000n >= index * 10_010n).toBe(true);
      for (const level of ladder) {
        expect(level.price % market.spec.tickSize).toBe(0n);
        expect(level.quantity % market.spec.lotSize).toBe(0n);
        const notional = (level.price * level.quantity) / 10n ** BigInt(market.spec.base.decimals);
        expect(notional >= market.spec.minNotional).toBe(true);
      }
    },
  );
});
