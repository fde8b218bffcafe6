import { readSetting, writeSetting } from '../platform/storage.ts';

/** Seed section 4: the token is kept both as a cookie and in local storage. */
export const TOKEN_COOKIE = 'meridian_token';
const TOKEN_SETTING = 'token';
const REFRESH_SETTING = 'refreshToken';
const ISSUED_SETTING = 'tokenIssuedAt';
const DEVICE_SETTING = 'deviceId';

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * The token cookie's attributes: never sent on a request another site starts, and only
 * over TLS when the page came over TLS (a plain-HTTP deployment could not keep it).
 */
export function tokenCookieAttributes(protocol: string): string {
  return `path=/; SameSite=Strict${protocol === 'https:' ? '; Secure' : ''}`;
}

function cookieToken(): string | undefined {
  const prefix = `${TOKEN_COOKIE}=`;
  const part = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) || undefined : undefined;
}

export interface StoredTokens {
  token: string;
  refreshToken: string | null;
  /** ISO time the access token was issued; the keeper refreshes by its age. */
  issuedAt: string | null;
}

export function readToken(): string | null {
  return readSetting(TOKEN_SETTING, isText) ?? cookieToken() ?? null;
}

export function readTokens(): StoredTokens | null {
  const token = readToken();
  if (!token) return null;
  return {
    token,
    refreshToken: readSetting(REFRESH_SETTING, isText) ?? null,
    issuedAt: readSetting(ISSUED_SETTING, isText) ?? null,
  };
}

export function storeTokens({ token, refreshToken, issuedAt }: StoredTokens): void {
  writeSetting(TOKEN_SETTING, token);
  if (refreshToken) writeSetting(REFRESH_SETTING, refreshToken);
  if (issuedAt) writeSetting(ISSUED_SETTING, issuedAt);
  const attributes = tokenCookieAttributes(window.location.protocol);
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; ${attributes}`;
}

export function clearToken(): void {
  for (const name of [TOKEN_SETTING, REFRESH_SETTING, ISSUED_SETTING]) {
    try {
      window.localStorage.removeItem(`meridian:${name}`);
    } catch {
      // Storage unavailable: nothing was kept there.
    }
  }
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; ${tokenCookieAttributes(window.location.protocol)}`;
}

/** A random id per browser, so the device list can tell this browser from others. */
export function deviceId(): string {
  const existing = readSetting(DEVICE_SETTING, isText);
  if (existing) return existing;
  const id = crypto.randomUUID();
  writeSetting(DEVICE_SETTING, id);
  return id;
}
