import { describe, expect, it } from 'vitest';
import { secondsLeft } from './useNow.ts';

describe('countdown', () => {
  it('counts whole seconds from the whole second now, never below zero', () => {
    const opened = 1_700_000_000_400;
    const expiry = opened + 30_000;
    // The second the contract opened in: 30 left, not 31.
    expect(secondsLeft(expiry, 1_700_000_000_000)).toBe(30);
    expect(secondsLeft(expiry, 1_700_000_029_000)).toBe(1);
    expect(secondsLeft(expiry, 1_700_000_030_000)).toBe(0);
    expect(secondsLeft(expiry, 1_700_000_099_000)).toBe(0);
  });
});
