import type { Housekeeper } from './housekeeper.ts';

export { housekeepingModule } from './module.ts';
export { storageHealth } from './health.ts';
export type { Housekeeper } from './housekeeper.ts';

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    housekeeping: Housekeeper;
  }
  interface PlatformOptions {
    /** Between two housekeeping runs (tests); ten minutes by default. */
    housekeepingEveryMs?: number;
  }
}
