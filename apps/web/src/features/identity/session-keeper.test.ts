import { describe, expect, it } from 'vitest';
import { TOKEN_REFRESH_AGE_SECONDS, tokenNeedsRefresh } from './session-keeper.ts';

describe('token refresh age', () => {
  const issued = '2026-11-01T00:00:00.000Z';
  const at = (seconds: number) => new Date(issued).getTime() + seconds * 1000;

  it('refreshes once the token is 604800 s old, not before', () => {
    expect(TOKEN_REFRESH_AGE_SECONDS).toBe(604_800);
    expect(tokenNeedsRefresh(issued, at(604_799))).toBe(false);
    expect(tokenNeedsRefresh(issued, at(604_800))).toBe(true);
  });

  it('refreshes a token whose age is unknown', () => {
    expect(tokenNeedsRefresh(null, at(0))).toBe(true);
  });
});
