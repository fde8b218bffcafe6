import type { Plugin } from 'vite';

export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
const APPEND = 'document.head.appendChild(link);';

/**
 * Vite's preload helper adds a `<link>` for each file a lazily loaded module needs, all in
 * one loop: forty-odd on the trade page, and each starts a request, about 2 ms of a
 * phone's main thread apiece (a 90-130 ms task on its first visit, measured in Chromium's
 * trace). This hands the links to `appendInSlices`, which adds them a few milliseconds'
 * worth per task, so a tap never waits behind the whole list. The module itself is still
 * imported at once; the links only get its deeper files asked for before its own imports
 * name them. (Turning preloads off removed the task too, but the trade page's book and
 * chart then showed 0.4-1 s later on a throttled phone: the files' imports are 4 deep.)
 */
export function slicedPreloadPlugin(): Plugin {
  return {
    name: 'meridian:sliced-preload',
    apply: 'build',
    transform(code, id) {
      if (id !== PRELOAD_HELPER_ID) return null;
      if (!code.includes(APPEND)) {
        // A Vite that writes its helper differently: fail the build rather than lose the
        // slicing unnoticed.
        throw new Error(`sliced-preload: Vite's preload helper no longer has "${APPEND}"`);
      }
      return `${code.replace(APPEND, 'appendInSlices(link);')}\n${APPEND_IN_SLICES}`;
    },
  };
}

/** What the helper gains, as the browser runs it (no imports: it is pasted in). */
export const APPEND_IN_SLICES = `
const waiting = [];
// Under Lighthouse's CPU slow-down of 4, 8 ms a slice stays below a 50 ms long task.
const SLICE_MS = 8;
function appendInSlices(link) {
  if (waiting.push(link) === 1) setTimeout(appendSlice, 0);
}
function appendSlice() {
  const end = performance.now() + SLICE_MS;
  do document.head.appendChild(waiting.shift());
  while (waiting.length > 0 && performance.now() < end);
  if (waiting.length > 0) setTimeout(appendSlice, 0);
}
`;
