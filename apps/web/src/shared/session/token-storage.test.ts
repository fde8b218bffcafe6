import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, storeTokens, TOKEN_COOKIE, tokenCookieAttributes } from './token-storage.ts';

describe('the token cookie', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is SameSite=Strict always, and Secure only on a page served over TLS', () => {
    expect(tokenCookieAttributes('http:')).toBe('path=/; SameSite=Strict');
    expect(tokenCookieAttributes('https:')).toBe('path=/; SameSite=Strict; Secure');
  });

  it('is written and removed with those attributes', () => {
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    storeTokens({ token: 'tok 1', refreshToken: null, issuedAt: null });
    expect(written).toHaveBeenLastCalledWith(`${TOKEN_COOKIE}=tok%201; path=/; SameSite=Strict`);
    expect(document.cookie).toContain(`${TOKEN_COOKIE}=tok%201`);
    clearToken();
    expect(written).toHaveBeenLastCalledWith(
      `${TOKEN_COOKIE}=; max-age=0; path=/; SameSite=Strict`,
    );
    expect(document.cookie).not.toContain(TOKEN_COOKIE);
  });
});
