import { describe, expect, it, vi } from 'vitest';
import type { ApiCall, CallOptions } from '../../shared/api/client.ts';
import { useSession } from '../../shared/session/store.ts';
import { signOut, TOKEN_REFRESH_AGE_SECONDS, tokenNeedsRefresh } from './session-keeper.ts';

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

describe('logout', () => {
  it('forgets the session before the server revokes it, and revokes that session', async () => {
    useSession.getState().replaceTokens({
      token: 'tok-1',
      refreshToken: 'ref-1',
      issuedAt: '2026-11-01T00:00:00.000Z',
    });
    const seen: { tokenInStore: string | null; headers: unknown }[] = [];
    const quiet = vi.fn(async (_spec: unknown, _input: unknown, options?: CallOptions) => {
      seen.push({ tokenInStore: useSession.getState().token, headers: options?.headers });
      return null;
    });
    await signOut(Object.assign(vi.fn(), { quiet }) as unknown as ApiCall);
    expect(seen).toEqual([{ tokenInStore: null, headers: { authorization: 'Bearer tok-1' } }]);
    expect(useSession.getState().token).toBeNull();
  });

  it('asks the server nothing without a session', async () => {
    useSession.getState().logout();
    const quiet = vi.fn();
    await signOut(Object.assign(vi.fn(), { quiet }) as unknown as ApiCall);
    expect(quiet).not.toHaveBeenCalled();
  });
});
