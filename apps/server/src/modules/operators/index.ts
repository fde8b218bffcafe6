import type { OperatorRole } from '@meridian/contract';
import type { QueueCounter } from './review-queues.ts';

export { operatorsModule } from './module.ts';
export { createOperatorAccounts as operatorAccountsFor } from './operator-accounts.ts';

/** What other modules may ask of the operators module. */
export interface OperatorsService {
  /** A review queue for the console's dashboard: its kind and how many items wait. */
  registerQueue(kind: string, counter: QueueCounter): void;
  /**
   * An operator on a one-time password, once (the demo's, the command line's): false
   * when the email exists already.
   */
  ensureOperator(email: string, role: OperatorRole, password: string): Promise<boolean>;
  /**
   * The reason the operators gave for each balance adjustment among these
   * posting references (`adjustment:<id>`, the `ref_id` of its postings): a user's bills
   * show it beside the posting. Other references are left out of the answer.
   */
  adjustmentReasons(refs: readonly string[]): Promise<Map<string, string>>;
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    operators: OperatorsService;
  }
}
