import type { startSettlements } from './settlements.ts';

export { secondsModule } from './module.ts';

export interface SecondsService {
  /** Settled contracts' rows and messages: `flushed()` waits for those seen so far. */
  settlements: Awaited<ReturnType<typeof startSettlements>>;
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    seconds: SecondsService;
  }
}
