import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli quality for answers compressed on the fly: 4 is close to gzip's speed and still
 * smaller than gzip; 11 (what the web app's files get at build time) is far too slow
 * per request.
 */
export const BROTLI_QUALITY = 4;

/**
 * Text answers: JSON, JavaScript, HTML, CSS, SVG, XML. Not `text/event-stream` (a stream
 * must reach the client event by event), not `application/octet-stream` (downloads are
 * often compressed already). Others are decided by their `compressible` flag in mime-db.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript/u;

/**
 * Compresses every answer of a route registered after this call, above
 * {@link COMPRESSION_THRESHOLD} bytes, with Brotli or gzip as the request accepts
 * (`Vary: Accept-Encoding`). An answer that already has a `Content-Encoding` (the web
 * app's precompressed files) is left alone; socket upgrades never pass through it; a
 * route opts out with `compress: false`. Request bodies are never decompressed: a body
 * with a `Content-Encoding` stays refused (json-body.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
