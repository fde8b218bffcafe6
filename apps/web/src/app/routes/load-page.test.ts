import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadWithinTimeout } from './load-page.ts';

describe('route module loading', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the module', async () => {
    await expect(loadWithinTimeout(async () => 'page')).resolves.toBe('page');
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const failed = loadWithinTimeout(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('fails after 120 s without an answer', async () => {
    vi.useFakeTimers();
    const pending = loadWithinTimeout(() => new Promise(() => {}));
    const outcome = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    await outcome;
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});
