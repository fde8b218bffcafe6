import { describe, expect, it } from 'vitest';
import { keyForSubmission, randomKey } from '../../../../shared/api/idempotency.ts';
import { resolveTradeSymbol } from './trade-symbol.ts';

describe('trade page symbol', () => {
  const listed = ['btcusdt', 'ethusdt', 'bnbusdt'];

  it('reads the seed short form and full symbols, in any case', () => {
    expect(resolveTradeSymbol('eth', listed)).toEqual({ symbol: 'ethusdt', unknown: false });
    expect(resolveTradeSymbol('BNBUSDT', listed)).toEqual({ symbol: 'bnbusdt', unknown: false });
    expect(resolveTradeSymbol(null, listed)).toEqual({ symbol: 'btcusdt', unknown: false });
  });

  it('falls back to BTC with a warning for a market not listed or not a symbol', () => {
    expect(resolveTradeSymbol('doge', listed)).toEqual({ symbol: 'btcusdt', unknown: true });
    expect(resolveTradeSymbol('../x', null)).toEqual({ symbol: 'btcusdt', unknown: true });
  });

  it('trusts the address until the listed markets are known', () => {
    expect(resolveTradeSymbol('sol', null)).toEqual({ symbol: 'solusdt', unknown: false });
  });
});

describe('idempotency key per submission', () => {
  let n = 0;
  const fresh = () => `key-${++n}`;

  it('reuses the key for the same order and makes a new one for another', () => {
    const first = keyForSubmission(null, '{"quantity":"1"}', fresh);
    expect(keyForSubmission(first, '{"quantity":"1"}', fresh).key).toBe(first.key);
    const other = keyForSubmission(first, '{"quantity":"2"}', fresh);
    expect(other.key).not.toBe(first.key);
    expect(other.body).toBe('{"quantity":"2"}');
  });
});

describe('random idempotency keys', () => {
  it('are 32 hex digits and differ each time', () => {
    const keys = new Set(Array.from({ length: 50 }, randomKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
