import { readSetting, writeSetting } from '../platform/storage.ts';

/** Seed section 4: the token is kept both as a cookie and in local storage. */
export const TOKEN_COOKIE = 'meridian_token';
const TOKEN_SETTING = 'token';

const isToken = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function cookieToken(): string | undefined {
  const prefix = `${TOKEN_COOKIE}=`;
  const part = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) || undefined : undefined;
}

export function readToken(): string | null {
  return readSetting(TOKEN_SETTING, isToken) ?? cookieToken() ?? null;
}

export function storeToken(token: string): void {
  writeSetting(TOKEN_SETTING, token);
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax`;
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(`meridian:${TOKEN_SETTING}`);
  } catch {
    // Storage unavailable: nothing was kept there.
  }
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
