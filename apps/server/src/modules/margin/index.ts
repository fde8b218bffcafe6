import type { startInterestJob, startLiquidationJob } from './jobs.ts';
import type { MarginService } from './service.ts';

export { marginModule } from './module.ts';

export interface MarginModuleService {
  service: MarginService;
  /** Charges the hours of interest completed by now (tests). */
  interest: ReturnType<typeof startInterestJob>;
  /** Liquidates the accounts due now (tests). */
  liquidation: ReturnType<typeof startLiquidationJob>;
  /** Resolves once the history table holds every result seen so far and its warnings are told. */
  flushed: () => Promise<void>;
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    margin: MarginModuleService;
  }
}
