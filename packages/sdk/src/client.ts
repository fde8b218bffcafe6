import {
  resolvePath,
  type CallArgs,
  type CallData,
  type CallInput,
  type CallSpec,
} from '@meridian/contract';
import { signedHeaders, type ApiKeyCredentials } from './signing.ts';

/** Per call: an Idempotency-Key for the calls that move money (a repeat gets the first answer). */
export interface CallOptions {
  idempotencyKey?: string;
}

/** How the client proves who it is: nothing (public calls), a session token, an API key. */
export type ClientAuth = { token: string } | ApiKeyCredentials | null;

export interface MeridianClientOptions {
  /** Where the platform answers, e.g. `https://exchange.example.com` (no trailing slash). */
  baseUrl: string;
  /** The configured call prefix (`{head}` in the seed's paths), `core` unless changed. */
  head?: string;
  auth?: ClientAuth;
  /** Receive window of signed requests, milliseconds (the server's default is 5,000). */
  recvWindow?: number;
  /** The language of answers' `msg` (the `lang` header). */
  language?: string;
  fetch?: typeof fetch;
  /**
   * The clock signed requests are stamped with, milliseconds: a client whose clock runs
   * apart from the server's passes the server's time (the refusal of a stale timestamp
   * carries `serverTime`).
   */
  now?: () => number;
}

/**
 * A refused call: `status` and `code` as the server answered, `reason` its stable message
 * id (`data.reason`: decide on it, never on `message`, which is translated).
 */
export class MeridianError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly reason: string | undefined,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'MeridianError';
  }
}

type QueryValue = string | number | boolean | undefined | null;

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  return params.toString();
}

/**
 * Meridian's API, typed from the shared contract: `client.call(currencyOrderSubmit, { body })`
 * takes exactly the call's input and resolves to its `data`; any other answer rejects with
 * a MeridianError. Money-moving calls accept an idempotency key.
 */
export class MeridianClient {
  private readonly head: string;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: MeridianClientOptions) {
    this.head = options.head ?? 'core';
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async call<S extends CallSpec>(
    spec: S,
    ...args: [...CallArgs<S>, CallOptions?]
  ): Promise<CallData<S>> {
    const [input, extra] = args as unknown as [CallInput<S> | undefined, CallOptions | undefined];
    const parts = (input ?? {}) as {
      params?: Record<string, string>;
      query?: unknown;
      body?: unknown;
    };
    const path = resolvePath(spec.path, this.head, parts.params);
    const query = queryString(parts.query);
    const body = parts.body !== undefined ? JSON.stringify(parts.body) : '';
    const headers: Record<string, string> = {
      ...(parts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(this.options.language ? { lang: this.options.language } : {}),
      ...(extra?.idempotencyKey ? { 'idempotency-key': extra.idempotencyKey } : {}),
      ...this.authHeaders(spec, { method: spec.method, path, query, body }),
    };
    const response = await this.doFetch(
      `${this.options.baseUrl}${path}${query ? `?${query}` : ''}`,
      {
        method: spec.method,
        headers,
        ...(parts.body !== undefined ? { body } : {}),
      },
    );
    const text = await response.text();
    let envelope: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new MeridianError(
        response.status,
        response.status,
        text.slice(0, 200),
        undefined,
        null,
      );
    }
    if (envelope.code !== 200) {
      const data = envelope.data as { reason?: unknown } | null | undefined;
      throw new MeridianError(
        response.status,
        typeof envelope.code === 'number' ? envelope.code : response.status,
        typeof envelope.msg === 'string' ? envelope.msg : `HTTP ${response.status}`,
        typeof data?.reason === 'string' ? data.reason : undefined,
        envelope.data ?? null,
      );
    }
    return envelope.data as CallData<S>;
  }

  private authHeaders(
    spec: CallSpec,
    request: { method: string; path: string; query: string; body: string },
  ): Record<string, string> {
    const auth = this.options.auth;
    if (!auth || spec.auth === 'public') return {};
    if ('token' in auth) return { authorization: `Bearer ${auth.token}` };
    return signedHeaders(auth, request, {
      ...(this.options.now ? { now: this.options.now() } : {}),
      ...(this.options.recvWindow !== undefined ? { recvWindow: this.options.recvWindow } : {}),
    });
  }
}
