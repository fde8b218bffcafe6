import { describe, expect, it } from 'vitest';
import { createFavourites } from './favourites.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('favourites', () => {
  it('sends one request at a time, in click order', async () => {
    const log: string[] = [];
    const calls = [deferred(), deferred()];
    let n = 0;
    const favourites = createFavourites({
      add: (s) => {
        log.push(`add ${s}`);
        return calls[n++]!.promise;
      },
      remove: (s) => {
        log.push(`remove ${s}`);
        return calls[n++]!.promise;
      },
    });
    const first = favourites.toggle('btcusdt');
    const second = favourites.toggle('ethusdt');
    // Both stars change at once (optimistic) but only the first request has gone out.
    expect(favourites.store.getState().starred).toEqual({ btcusdt: true, ethusdt: true });
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['add btcusdt']);
    calls[0]!.resolve();
    await first;
    await Promise.resolve();
    expect(log).toEqual(['add btcusdt', 'add ethusdt']);
    expect(favourites.store.getState().pending).toEqual({ ethusdt: true });
    calls[1]!.resolve();
    await expect(second).resolves.toBe(true);
    expect(favourites.store.getState().pending).toEqual({});
  });

  it('puts the star back when the request fails', async () => {
    const favourites = createFavourites({
      add: () => Promise.reject(new Error('no')),
      remove: () => Promise.resolve(),
    });
    favourites.load({ btcusdt: true });
    await expect(favourites.toggle('btcusdt')).resolves.toBe(true);
    expect(favourites.store.getState().starred.btcusdt).toBe(false);
    const done = favourites.toggle('btcusdt');
    expect(favourites.store.getState().starred.btcusdt).toBe(true);
    await expect(done).resolves.toBe(false);
    expect(favourites.store.getState().starred.btcusdt).toBe(false);
  });

  it('does not let a reload overwrite a star whose request is still running', async () => {
    const call = deferred();
    const favourites = createFavourites({ add: () => call.promise, remove: () => call.promise });
    const done = favourites.toggle('btcusdt');
    favourites.load({ btcusdt: false, ethusdt: true });
    expect(favourites.store.getState().starred).toEqual({ btcusdt: true, ethusdt: true });
    call.resolve();
    await done;
  });
});
