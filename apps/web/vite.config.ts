import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from '../../scripts/precompress.mjs';
import { messagePickPlugin } from './build/message-pick.ts';
import { prePaintPlugin } from './build/pre-paint.ts';
import { slicedPreloadPlugin } from './build/sliced-preload.ts';

// In development the platform server (npm start, port 8080) answers the API, the runtime
// config script and the sockets; Vite serves the app with hot reload in front of it.
const platform = process.env.MERIDIAN_DEV_PLATFORM ?? 'http://127.0.0.1:8080';

const prePaint = prePaintPlugin(
  fileURLToPath(new URL('./src/app/pre-paint/main.ts', import.meta.url)),
);

export default defineConfig({
  // The server sends each text file's `.br` or `.gz` copy, written once here at the best
  // quality, to a browser that accepts it.
  plugins: [
    react(),
    messagePickPlugin(fileURLToPath(new URL('./src', import.meta.url))),
    prePaint.plugin,
    slicedPreloadPlugin(),
    precompressPlugin(),
  ],
  resolve: {
    // zod with the setting that keeps it from probing for eval (see the file); it imports
    // `zod/v4`, the same modules, which this exact match leaves alone.
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/app/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': platform,
      '/platform': platform,
      '/ws': { target: platform, ws: true },
      '/mqtt': { target: platform, ws: true },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // antd's component packages (@rc-component/*) do not declare themselves free of side
      // effects, so whatever their index files re-export stayed in the bundle: all of
      // rc-form and its validator (about 14 KB gzipped) came with every page through
      // antd's form context, which inputs and buttons read. They have none at import time.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        // React changes far less often than the app: in a chunk of its own it stays cached
        // across deployments. Everything else the entry imports statically (the shell:
        // antd's core and the header's components, i18next, react-query, the API client) is
        // one chunk: the first visit fetched it as some 25 small files, more round trips
        // than bytes on a slow link. Pages keep their own chunks with only the antd
        // components they use (one antd chunk was every component of every page, loaded on
        // the first page; scripts/first-visit-js.mjs measures it). Locale packs stay
        // separate, loaded when chosen.
        codeSplitting: {
          groups: [
            // What the first paint imports, in a chunk of its own (build/pre-paint.ts).
            { name: 'pre-paint', priority: 40, test: prePaint.isPrePaintModule },
            // zod with the setting that keeps it from probing for eval (a violation of the
            // platform's Content-Security-Policy), in a chunk of their own, fetched with the
            // first page or call that builds schemas.
            {
              name: 'zod',
              priority: 30,
              test: (id) => /node_modules[\\/]zod[\\/]|[\\/]app[\\/]zod-without-eval\.ts$/.test(id),
            },
            {
              name: 'react',
              priority: 20,
              test: (id) => /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id),
            },
            {
              name: 'shell',
              priority: 10,
              tags: ['$initial'],
              test: (id) => !prePaint.isPrePaintEntry(id),
              // Only what the entry itself reaches: following antd's index (a barrel)
              // brought the form and collapse other pages use into the shell (16 KB).
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
