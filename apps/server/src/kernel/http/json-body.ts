import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageId } from '@meridian/contract';

/**
 * A request body refused before any schema sees it. The error handler answers it as
 * `{validation}: {field}: {reason's message}` with the status given here.
 */
export class BodyRefusal extends Error {
  constructor(
    readonly status: 400 | 415,
    readonly reason: MessageId,
    readonly field: string,
  ) {
    super(reason);
  }
}

/** A key longer than this is cut in the field named back to the caller. */
const KEY_SHOWN = 64;

interface Frame {
  /** The object's keys so far; null for an array. */
  keys: Set<string> | null;
  /** The key (object) or index (array) of the value being read inside this container. */
  at: string | number;
}

/**
 * The path (`['order', 'side']`, array indices as numbers) of the first key that appears
 * twice in one object of `text`, or undefined when every object's keys are distinct.
 * `text` must already be known to be valid JSON: only strings, brackets and commas are
 * looked at. Keys are compared decoded, so `"side"` and `"\u0073ide"` are the same key.
 */
export function findDuplicateKey(text: string): Array<string | number> | undefined {
  const frames: Frame[] = [];
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; ; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x22) break;
        if (d === 0x5c /* \ */) {
          escaped = true;
          i++;
        }
      }
      if (!expectKey) continue;
      expectKey = false;
      const key = escaped
        ? (JSON.parse(text.slice(start, i + 1)) as string)
        : text.slice(start + 1, i);
      const top = frames[frames.length - 1]!;
      if (top.keys!.has(key)) return [...frames.slice(0, -1).map((f) => f.at), key];
      top.keys!.add(key);
      top.at = key;
    } else if (c === 0x7b /* { */) {
      frames.push({ keys: new Set(), at: '' });
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      frames.push({ keys: null, at: 0 });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      // An empty object leaves `expectKey` set: clear it, the next string may be a value.
      frames.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      const top = frames[frames.length - 1]!;
      if (top.keys) expectKey = true;
      else top.at = (top.at as number) + 1;
    }
  }
  return undefined;
}

function fieldOf(path: Array<string | number>): string {
  const shown = path.map((p) =>
    typeof p === 'string' && p.length > KEY_SHOWN ? `${p.slice(0, KEY_SHOWN)}…` : String(p),
  );
  return ['body', ...shown].join('.');
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Whether every `charset` parameter of a Content-Type (if any) names UTF-8. */
export function declaresOnlyUtf8(contentType: string): boolean {
  for (const parameter of contentType.split(';').slice(1)) {
    const eq = parameter.indexOf('=');
    if (eq < 0 || parameter.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    let value = parameter.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
    }
    value = value.toLowerCase();
    if (value !== 'utf-8' && value !== 'utf8') return false;
  }
  return true;
}

/** Whether a Content-Encoding header says anything other than `identity`. */
function isEncoded(contentEncoding: string | undefined): boolean {
  if (contentEncoding === undefined) return false;
  return contentEncoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .some((coding) => coding !== '' && coding !== 'identity');
}

const BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * Replaces Fastify's JSON body parser, in this one place, with a stricter one: the body
 * limit and Fastify's own parse (secure-json-parse, which refuses `__proto__` and
 * `constructor.prototype`) stay, and before and after it:
 * - a charset other than UTF-8, or any Content-Encoding but `identity`, is 415;
 * - a UTF-8 byte order mark at the start, or bytes that are not UTF-8, are 400;
 * - a key that appears twice in one object, at any depth, is 400 naming it
 *   (`body.order.side`): "last one wins" would act on a value the caller may not have
 *   meant, such as `{"side":"buy","side":"sell"}`.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (
      request: FastifyRequest,
      body: Buffer,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      if (!declaresOnlyUtf8(header(request, 'content-type') ?? '')) {
        done(new BodyRefusal(415, 'unsupportedCharset', 'headers.content-type'));
        return;
      }
      if (isEncoded(header(request, 'content-encoding'))) {
        done(new BodyRefusal(415, 'unsupportedContentEncoding', 'headers.content-encoding'));
        return;
      }
      if (body.length >= 3 && body[0] === BOM[0] && body[1] === BOM[1] && body[2] === BOM[2]) {
        done(new BodyRefusal(400, 'byteOrderMark', 'body'));
        return;
      }
      if (!isUtf8(body)) {
        done(new BodyRefusal(400, 'invalidJson', 'body'));
        return;
      }
      const text = body.toString('utf8');
      parse(request, text, (error: Error | null, value?: unknown) => {
        if (error) {
          done(error);
          return;
        }
        const duplicate = findDuplicateKey(text);
        if (duplicate) done(new BodyRefusal(400, 'duplicateKey', fieldOf(duplicate)));
        else done(null, value);
      });
    },
  );
}
