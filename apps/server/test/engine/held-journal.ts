import type { PgEngineStore } from '../../src/engine/store/pg-store.ts';

/**
 * A store whose journal reads wait while held: a replica on it falls behind as the
 * leader goes on (and snapshots, and prunes), then catches up once released.
 */
export function heldJournal(store: PgEngineStore) {
  let held: Promise<void> | null = null;
  let release = () => {};
  const slow = new Proxy(store, {
    get(target, property) {
      if (property === 'journalAfter') {
        return async (seq: number) => {
          await held;
          return target.journalAfter(seq);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return {
    store: slow,
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}
