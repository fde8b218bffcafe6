import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './error-handler.ts';

const API_PREFIX = '/api';

function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

/** A text file of the bundle: the build writes a `.br` and a `.gz` copy beside each. */
const TEXT_FILE = /\.(?:m?js|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/i;

/** Hashed file names (Vite's `assets/`) never change content: cached for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app with history fallback: every file of the bundle gets its own
 * route at start, and a GET for any other path outside `/api` gets `index.html`, so deep
 * links work. Hashed assets are cached for a year; `index.html` is revalidated on every
 * load so a new release is picked up. A text file goes as its `.br` or `.gz` copy
 * (written by the build, scripts/precompress.mjs) when the request accepts that encoding,
 * with `Content-Encoding` and `Vary: Accept-Encoding`; as it is otherwise.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBundle = fs.existsSync(indexFile);
  if (hasBundle) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // The compressed copies are found beside their file; they need no route of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        const immutable = path.relative(distDir, filePath).startsWith(`assets${path.sep}`);
        res.setHeader('cache-control', immutable ? IMMUTABLE : 'no-cache');
        // `filePath` is the copy sent (`app.js.br`): the file's own name decides.
        if (TEXT_FILE.test(filePath.replace(/\.(?:br|gz)$/, ''))) {
          res.setHeader('vary', 'accept-encoding');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasBundle || isApiPath(url) || !wantsPage) return sendApiNotFound(request, reply);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
  return hasBundle;
}
