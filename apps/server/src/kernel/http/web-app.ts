import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './error-handler.ts';

const API_PREFIX = '/api';

function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

/**
 * Serves the built web app with history fallback: every file of the bundle gets its own
 * route at start, and a GET for any other path outside `/api` gets `index.html`, so deep
 * links work. Hashed assets are cached for a
 * year; `index.html` is revalidated on every load so a new release is picked up.
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
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
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
