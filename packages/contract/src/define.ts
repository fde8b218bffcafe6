import type { z } from 'zod';
import type { OperatorPermission } from './operators.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call: anyone; anyone, with answers fitted to a signed-in caller
 * (`optional`: the watchlist flag on market rows); a signed-in user; an operator (audited).
 */
export type CallAuth = 'public' | 'optional' | 'user' | 'operator';

/**
 * One call, declared once. `path` is the seed's path; `{head}` stands for the configured
 * prefix (default `core`) and `:name` for a path parameter. The server registers it, the
 * OpenAPI document describes it and the web client calls it, all from this object.
 */
export interface CallSpec {
  method: HttpMethod;
  path: `/api/${string}`;
  summary: string;
  tags: readonly string[];
  auth: CallAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  data: z.ZodType;
  /**
   * Moves money and accepts an `Idempotency-Key` header (up to 128 printable ASCII
   * characters): a repeat with the same key from the same user gets the first answer.
   */
  idempotent?: boolean;
  /**
   * For `user` calls: the API-key scope a signed request needs (README "Programmatic
   * trading"). A user call without one is for sessions only (passwords, second factor,
   * API keys themselves).
   */
  keyScope?: 'read' | 'trade' | 'withdraw';
  /**
   * For `operator` calls (required there): what the caller's role must hold. Checked on
   * every call before the body is read; a call that changes anything is audited.
   */
  permission?: OperatorPermission;
}

export function defineCall<const S extends CallSpec>(spec: S): S {
  return spec;
}

type Part<K extends 'params' | 'query' | 'body', S> = S extends {
  [P in K]: infer T extends z.ZodType;
}
  ? { [P in K]: z.input<T> }
  : { [P in K]?: never };

/** What a caller sends: only the parts the call declares. */
export type CallInput<S extends CallSpec> = Part<'params', S> & Part<'query', S> & Part<'body', S>;

/** What a handler receives after validation. */
type ParsedPart<K extends 'params' | 'query' | 'body', S> = S extends {
  [P in K]: infer T extends z.ZodType;
}
  ? z.output<T>
  : undefined;

export interface CallParsed<S extends CallSpec> {
  params: ParsedPart<'params', S>;
  query: ParsedPart<'query', S>;
  body: ParsedPart<'body', S>;
}

/** The `data` of a successful answer. */
export type CallData<S extends CallSpec> = z.output<S['data']>;

/** Fastify route syntax for a call path, with `{head}` filled in. */
export function routePath(path: string, head: string): string {
  return path.replace('{head}', head);
}

/**
 * A concrete URL path for a call: `{head}` and every `:param` filled in and encoded; an
 * optional last parameter (`:y?`) is left out when no value is given.
 */
export function resolvePath(
  path: string,
  head: string,
  params: Record<string, string | number | undefined> = {},
): string {
  return routePath(path, head).replace(/\/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined) {
      if (optional) return '';
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}

/** The client's arguments: the input is required exactly when the call declares one. */
export type CallArgs<S extends CallSpec> = S extends
  { params: z.ZodType } | { query: z.ZodType } | { body: z.ZodType }
  ? [input: CallInput<S>]
  : [input?: CallInput<S>];
