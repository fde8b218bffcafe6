/**
 * Signed API-key requests (README "Programmatic trading"): the headers and the canonical
 * string a key signs. The server checks and the SDK signs with these same rules, so the
 * two cannot drift. Header names are case-insensitive; these are how they are sent.
 */
export const SIGNED_HEADERS = {
  key: 'x-mer-apikey',
  timestamp: 'x-mer-timestamp',
  recvWindow: 'x-mer-recv-window',
  signature: 'x-mer-signature',
} as const;

export const DEFAULT_RECV_WINDOW_MS = 5_000;
export const MAX_RECV_WINDOW_MS = 60_000;

/** RFC 3986: everything but unreserved characters percent-encoded, in upper case. */
export function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The query as signed: each pair decoded (`+` is a space, as in forms), encoded again per
 * RFC 3986, sorted by key then value, joined `key=value` with `&`.
 */
export function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
  const pairs = rawQuery
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      const value = eq < 0 ? '' : part.slice(eq + 1);
      return [rfc3986(decode(key)), rfc3986(decode(value))] as const;
    });
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/**
 * What comes before the body in the canonical string:
 * `timestamp \n METHOD \n path \n sorted query \n`, the path exactly as sent (without the
 * query). The raw body's bytes follow it (nothing when there is no body).
 */
export function canonicalPrefix(parts: {
  timestamp: string;
  method: string;
  path: string;
  query: string;
}): string {
  return `${parts.timestamp}\n${parts.method.toUpperCase()}\n${parts.path}\n${canonicalQuery(parts.query)}\n`;
}
