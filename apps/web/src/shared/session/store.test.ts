import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from './store.ts';
import { testUser } from './test-user.ts';
import { readToken, TOKEN_COOKIE } from './token-storage.ts';

const USER = testUser();

describe('session', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useSession.getState().logout();
  });

  it('keeps the token in a cookie and in local storage on sign-in', () => {
    useSession.getState().signIn({
      token: 'tok-1',
      refreshToken: 'r-1',
      issuedAt: '2026-01-01T00:00:00.000Z',
      userInfo: USER,
    });
    expect(useSession.getState()).toMatchObject({ token: 'tok-1', isLogin: true });
    expect(document.cookie).toContain(`${TOKEN_COOKIE}=tok-1`);
    expect(window.localStorage.getItem('meridian:token')).toContain('"content":"tok-1"');
    expect(readToken()).toBe('tok-1');
  });

  it('clears the user, the flag and both stored tokens on logout', () => {
    useSession.getState().signIn({
      token: 'tok-2',
      refreshToken: 'r-2',
      issuedAt: '2026-01-01T00:00:00.000Z',
      userInfo: USER,
    });
    useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null, isLogin: false });
    expect(document.cookie).not.toContain(TOKEN_COOKIE);
    expect(window.localStorage.getItem('meridian:token')).toBeNull();
    expect(readToken()).toBeNull();
    expect(window.localStorage.getItem('meridian:refreshToken')).toBeNull();
  });
});
