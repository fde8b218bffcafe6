import NProgress from 'nprogress';

/** Seed section 9: a route module that has not arrived after 120 s has failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A route module that could not be loaded: offline, a new deploy, or too slow. */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Loads a route module within the time-out; any failure becomes a ChunkLoadError. */
export async function loadWithinTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('time-out')), timeoutMs);
  });
  try {
    return await Promise.race([
      load().catch((error: unknown) => {
        throw new ChunkLoadError(error);
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// nprogress's default markup gives the bar role="bar", which is not an ARIA role.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** Shows the progress bar while a route module loads (seed section 2). */
export async function loadPageModule<T>(load: () => Promise<T>): Promise<T> {
  NProgress.start();
  try {
    return await loadWithinTimeout(load);
  } finally {
    NProgress.done();
  }
}
