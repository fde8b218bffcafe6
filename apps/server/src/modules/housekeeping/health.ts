import type { StorageHealth } from '@meridian/contract';
import type { Housekeeper } from './housekeeper.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Health's `storage` from housekeeping's last measure (undefined before the first). */
export function storageHealth(housekeeper: Housekeeper): () => StorageHealth | undefined {
  return () => {
    const { storage, last } = housekeeper.status();
    if (!storage) return undefined;
    return {
      driver: storage.driver,
      databaseBytes: storage.databaseBytes,
      engineBytes: storage.engineBytes,
      freeBytes: storage.freeBytes,
      tables: storage.tables.map((t) => ({
        table: t.table,
        oldestAt: t.oldestAt === null ? null : iso(t.oldestAt),
        oldestAgeSeconds:
          t.oldestAt === null
            ? null
            : Math.max(0, Math.floor((storage.measuredAt - t.oldestAt) / 1000)),
      })),
      measuredAt: iso(storage.measuredAt),
      lastRun: last
        ? {
            at: iso(last.at),
            removedOrders: last.removed.orders,
            removedCandles: last.removed.candles,
            reclaimedPages: last.reclaimedPages,
          }
        : null,
    };
  };
}
