import {
  resolvePath,
  type CallArgs,
  type CallData,
  type CallSpec,
} from '@meridian/contract/define';
import type { Language } from '@meridian/contract/languages';

/** Seed section 9: a request gives up after 300000 ms. */
export const REQUEST_TIMEOUT_MS = 300_000;

/**
 * A call answered with a non-200 `code`; `message` is the server's, in the user's language,
 * for people; `reason` is the server's stable message id (`data.reason`), for code.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The refusal's machine code, `data.reason`, when the answer carries one. */
function reasonOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { reason } = data as { reason?: unknown };
  return typeof reason === 'string' ? reason : undefined;
}

/** The answer's envelope code of the second login step: a code from the authenticator is needed. */
export const SECOND_FACTOR_CODE = 202;

/**
 * What the request rules do beyond answering the caller (seed section 8). The app wires
 * them to the session, the router and the notifier; tests pass fakes.
 */
export interface RequestRules {
  logout(): void;
  navigate(path: string): void;
  /** Shows a server message in the error popup (throttled and filtered by the popup). */
  showError(message: string): void;
  /** The generic message when the server gave none, in the user's language. */
  unknownError(): string;
}

export interface ApiClientOptions {
  apiRoot: string;
  head: string;
  language: () => Language;
  token?: () => string | null;
  /** This browser's id, so the account's device list can tell browsers apart. */
  deviceId?: () => string;
  fetch?: typeof fetch;
  rules?: RequestRules;
}

/** Seed section 8: statuses 200-500 carry an envelope worth reading. */
const isAnswerStatus = (status: number) => status >= 200 && status <= 500;

/** Per-call extras beyond the contract's parts, e.g. an `Idempotency-Key` for an order. */
export interface CallOptions {
  /** Extra request headers; the client's own (language, token, device) always win. */
  headers?: Record<string, string>;
  /**
   * A multipart form, for the upload calls (their contract declares no JSON body): sent as
   * is, with the browser's own content type and boundary.
   */
  form?: FormData;
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
 *
 * Request rules (seed section 8), applied when `rules` are given. They decide on the
 * refusal's reason and code, never on its translated text: reason `invalidToken` (an
 * expired or revoked session) logs out and goes to the login page; any other code 401
 * logs out and goes home; code 202 (the second login step) is rejected quietly; any other
 * failure shows the server message (or the generic one) in the error popup, then rejects.
 * `api.quiet` skips the popup for callers that show the failure themselves.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const rules = options.rules;

  function fail(code: number, msg: string, data: unknown, popup: boolean, reason?: string): never {
    const error = new ApiError(code, msg || rules?.unknownError() || '', data, reason);
    if (rules) {
      if (error.reason === 'invalidToken') {
        rules.logout();
        rules.navigate('/user/login');
      } else if (code === 401) {
        rules.logout();
        rules.navigate('/');
      } else if (popup && code !== SECOND_FACTOR_CODE) {
        rules.showError(error.message);
      }
    }
    throw error;
  }

  async function request<S extends CallSpec>(
    popup: boolean,
    spec: S,
    input: CallArgs<S>[0],
    callOptions: CallOptions = {},
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
    const headers: Record<string, string> = {
      ...callOptions.headers,
      accept: 'application/json',
      lang,
      language: lang,
    };
    const token = options.token?.();
    if (token) {
      headers.authorization = `Bearer ${token}`;
      headers.satoken = token;
    }
    if (options.deviceId) headers['x-device-id'] = options.deviceId();
    if (parts.body !== undefined) headers['content-type'] = 'application/json';
    const body = callOptions.form ?? (parts.body !== undefined ? JSON.stringify(parts.body) : null);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: spec.method,
        headers,
        ...(body !== null ? { body } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      // Offline, refused or timed out: no answer at all.
      return fail(0, '', null, popup);
    }
    const payload: unknown = isAnswerStatus(response.status)
      ? await response.json().catch(() => null)
      : null;
    if (!isEnvelope(payload)) return fail(response.status, '', null, popup);
    // The envelope's code decides, but an HTTP 401 is a logout whatever the body says.
    const code = response.status === 401 ? 401 : payload.code;
    if (code !== 200) {
      // A degraded health answer still carries data worth showing.
      const parsed = spec.data.safeParse(payload.data);
      const data = parsed.success ? parsed.data : payload.data;
      return fail(code, payload.msg, data, popup, reasonOf(payload.data));
    }
    return spec.data.parse(payload.data) as CallData<S>;
  }

  type Args<S extends CallSpec> = [...CallArgs<S>, CallOptions?];
  const send = <S extends CallSpec>(popup: boolean, spec: S, args: Args<S>) =>
    request(popup, spec, args[0] as CallArgs<S>[0], args[1] as CallOptions | undefined);
  const call = <S extends CallSpec>(spec: S, ...args: Args<S>) => send(true, spec, args);
  const quiet = <S extends CallSpec>(spec: S, ...args: Args<S>) => send(false, spec, args);
  return Object.assign(call, { quiet });
}

export type ApiCall = ReturnType<typeof createApiClient>;
