import type { Accrual } from './accrual.ts';
import type { Scheduler } from './scheduler.ts';

export interface EarnService {
  /** The daily accrual: `run()` pays every day due at the clock's now. */
  accrual: Accrual;
  /**
   * What schedules the runs: croner embedded, pg-boss on PostgreSQL; null in an API
   * process (ROLE=api), where none run.
   */
  scheduler: Scheduler | null;
}
