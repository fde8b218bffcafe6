import { verifyPassword } from '../../kernel/auth/passwords.ts';
import type { Clock } from '../../kernel/clock.ts';
import { acceptTotp } from './second-factor.ts';
import type { IdentityDb } from './tables.ts';
import { userById } from './users.ts';

/** What a withdrawal needs of the account: its guards and the two checks. */
export interface WithdrawalGuard {
  /** Whether a fund password is set and an authenticator bound; the lock while it runs. */
  security(userId: string): Promise<{
    fundPasswordSet: boolean;
    totpBound: boolean;
    /** The end of the 24-hour lock after a security change, while it is in the future. */
    blockedUntil: string | null;
  }>;
  /** Whether `password` is the user's fund password (false when none is set). */
  checkFundPassword(userId: string, password: string): Promise<boolean>;
  /** Accepts the authenticator code once (as sign-in does): false if wrong or replayed. */
  acceptTotp(userId: string, code: string): Promise<boolean>;
}

export function createWithdrawalGuard(db: IdentityDb, clock: Clock): WithdrawalGuard {
  return {
    async security(userId) {
      const user = await userById(db, userId);
      const until = user.withdraw_blocked_until;
      return {
        fundPasswordSet: user.fund_password_hash !== null,
        totpBound: user.totp_secret !== null,
        blockedUntil: until !== null && Date.parse(until) > clock.now().getTime() ? until : null,
      };
    },
    async checkFundPassword(userId, password) {
      const user = await userById(db, userId);
      if (!user.fund_password_hash) return false;
      return verifyPassword(user.fund_password_hash, password);
    },
    async acceptTotp(userId, code) {
      const user = await userById(db, userId);
      if (!user.totp_secret) return false;
      return acceptTotp(db, clock, user, user.totp_secret, code);
    },
  };
}
