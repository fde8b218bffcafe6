import {
  resolvePath,
  type CallArgs,
  type CallData,
  type CallSpec,
  type Language,
} from '@meridian/contract';

/** Seed section 9: a request gives up after 300000 ms. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** A call answered with a non-200 `code`; `message` is the server's, in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  apiRoot: string;
  head: string;
  language: () => Language;
  token?: () => string | null;
  fetch?: typeof fetch;
}

type QueryValue = string | number | boolean | null | undefined;

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isEnvelope(value: unknown): value is { code: number; msg: string; data: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { msg?: unknown }).msg === 'string'
  );
}

/**
 * One typed HTTP client for every contract call. Statuses 200-500 are answers read from
 * the envelope; the answer's `data` is checked against the call's schema, so a drift
 * between server and web shows up as an error rather than as wrong numbers on screen.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return async function call<S extends CallSpec>(
    spec: S,
    ...[input]: CallArgs<S>
  ): Promise<CallData<S>> {
    const parts = (input ?? {}) as {
      params?: Record<string, string>;
      query?: unknown;
      body?: unknown;
    };
    const url =
      options.apiRoot +
      resolvePath(spec.path, options.head, parts.params) +
      queryString(parts.query);
    const lang = options.language();
    const headers: Record<string, string> = { accept: 'application/json', lang, language: lang };
    const token = options.token?.();
    if (token) {
      headers.authorization = `Bearer ${token}`;
      headers.satoken = token;
    }
    if (parts.body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(url, {
      method: spec.method,
      headers,
      ...(parts.body !== undefined ? { body: JSON.stringify(parts.body) } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const payload: unknown = await response.json().catch(() => null);
    if (!isEnvelope(payload)) throw new ApiError(response.status, response.statusText);
    if (payload.code !== 200) {
      // A degraded health answer still carries data worth showing.
      const parsed = spec.data.safeParse(payload.data);
      throw new ApiError(payload.code, payload.msg, parsed.success ? parsed.data : payload.data);
    }
    return spec.data.parse(payload.data) as CallData<S>;
  };
}

export type ApiCall = ReturnType<typeof createApiClient>;
