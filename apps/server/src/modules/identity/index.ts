import type { SeededAccount } from './ensure-account.ts';
import type { OperatorViews } from './operator-views.ts';
import type { WithdrawalGuard } from './withdrawal-guard.ts';

export { identityModule } from './module.ts';
/** Whether a write failed on a unique key (both databases): who lost a race to insert. */
export { isUniqueViolation } from './users.ts';
export type { SeededAccount, WithdrawalGuard };

/** What other modules may ask of identity. */
export interface IdentityService {
  /** Creates a platform-made account (the demo's users) once; false when it exists. */
  ensureAccount(account: SeededAccount): Promise<boolean>;
  /** Whether the account `id` exists with exactly this email (a seeded one still is). */
  hasAccount(account: { id: string; email: string }): Promise<boolean>;
  /** What the operator console reads and changes of accounts (operator calls only). */
  operatorViews: OperatorViews;
  /** Whether an operator froze the user's withdrawals (the wallet refuses them then). */
  withdrawalsFrozen(userId: string): Promise<boolean>;
  /** The fund password, the authenticator and the 24-hour lock, as a withdrawal checks them. */
  withdrawalGuard: WithdrawalGuard;
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    identity: IdentityService;
  }
}
