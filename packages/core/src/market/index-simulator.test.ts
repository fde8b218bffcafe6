import { describe, expect, it } from 'vitest';
import { createIndexSimulator } from './index-simulator.ts';

const options = {
  seed: 7,
  start: 6_500_000n,
  volatilityPpm: 400,
  jumpChance: 0.001,
  jumpPpm: 8000,
  floor: 1n,
};

describe('index simulator', () => {
  it('replays exactly from the same seed', () => {
    const a = createIndexSimulator(options);
    const b = createIndexSimulator(options);
    for (let i = 0; i < 1000; i++) expect(a.next()).toBe(b.next());
  });

  it('moves, stays positive and keeps a realistic range over a simulated day', () => {
    const sim = createIndexSimulator(options);
    let low = sim.price;
    let high = sim.price;
    for (let i = 0; i < 86_400; i++) {
      const p = sim.next();
      if (p < low) low = p;
      if (p > high) high = p;
    }
    expect(low).toBeGreaterThan(0n);
    expect(high).toBeGreaterThan(low);
    // Roughly 12% daily volatility at this setting: the day's range stays within a factor 2.
    expect(high).toBeLessThan(low * 2n);
  });

  it('never goes under the floor', () => {
    const sim = createIndexSimulator({ ...options, start: 3n, volatilityPpm: 300_000, floor: 2n });
    for (let i = 0; i < 1000; i++) expect(sim.next()).toBeGreaterThanOrEqual(2n);
  });
});
