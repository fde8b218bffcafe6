import type { Language } from '@meridian/contract';
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
  /** The user whose chat key this is (the user info's `chatKey`), or null. */
  chatKeyOwner(chatKey: string): Promise<string | null>;
  /** A user's chat key, or null for no such user. */
  chatKeyOf(userId: string): Promise<string | null>;
  /** Where a notice to a user goes (email, else phone) and their anti-phishing code; null for no such user. */
  contactOf(userId: string): Promise<UserContact | null>;
}

export interface UserContact {
  email: string | null;
  phone: string | null;
  antiPhishingCode: string | null;
  /** The language of their last sign-in; null before it was kept. */
  language: Language | null;
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    identity: IdentityService;
  }
}
