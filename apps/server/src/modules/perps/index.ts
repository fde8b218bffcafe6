import type { startFundingJob } from './funding-job.ts';
import type { PerpsService } from './service.ts';

export { perpsModule } from './module.ts';

export interface PerpsModuleService {
  service: PerpsService;
  /** Runs the funding that is due now (tests). */
  funding: ReturnType<typeof startFundingJob>;
  /** Resolves once the history tables hold every result seen so far. */
  flushed: () => Promise<void>;
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    perps: PerpsModuleService;
  }
}
