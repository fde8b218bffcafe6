import {
  fundPasswordChangeSchema,
  fundPasswordSetSchema,
  loginPasswordChangeSchema,
  type Sealed,
} from '@meridian/contract';
import { addSeconds, iso } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import { hashPassword, verifyPassword } from '../../kernel/auth/passwords.ts';
import type { SessionPrincipal } from './sessions.ts';
import { emailOf, openSealed, requireMatch, userById, type AccountServiceDeps } from './users.ts';
import { disableApiKeys } from './api-keys.ts';

/** After a login or fund password change, withdrawals wait this long (shown to the user). */
export const WITHDRAW_BLOCK_SECONDS = 24 * 3600;

/** The login password, the fund password and the anti-phishing code. */
export function createSecuritySettings({
  db,
  clock,
  codes,
  sessions,
  transport,
}: AccountServiceDeps) {
  async function setFundPassword(principal: SessionPrincipal, sealed: Sealed) {
    const input = openSealed(transport, sealed, fundPasswordSetSchema);
    requireMatch(input.password, input.confirmPassword);
    const hash = await hashPassword(input.password);
    const result = await db
      .updateTable('users')
      .set({ fund_password_hash: hash })
      .where('id', '=', principal.userId)
      .where('fund_password_hash', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new AppError('conflict', 'fundPasswordAlreadySet');
  }

  async function changeFundPassword(principal: SessionPrincipal, sealed: Sealed) {
    const input = openSealed(transport, sealed, fundPasswordChangeSchema);
    requireMatch(input.password, input.confirmPassword);
    const user = await userById(db, principal.userId);
    if (!user.fund_password_hash) throw new AppError('validation', 'fundPasswordRequired');
    await codes.consume(await emailOf(db, user.id), 'fundPassword', input.code);
    // A changed fund password locks withdrawals for a day, as a login password change does.
    await db
      .updateTable('users')
      .set({
        fund_password_hash: await hashPassword(input.password),
        withdraw_blocked_until: iso(addSeconds(clock.now(), WITHDRAW_BLOCK_SECONDS)),
      })
      .where('id', '=', user.id)
      .execute();
  }

  return {
    async changeLoginPassword(principal: SessionPrincipal, sealed: Sealed) {
      const input = openSealed(transport, sealed, loginPasswordChangeSchema);
      requireMatch(input.newPassword, input.confirmPassword);
      const user = await userById(db, principal.userId);
      if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
        throw new AppError('validation', 'wrongPassword', {}, 'oldPassword');
      }
      if (input.oldPassword === input.newPassword) {
        throw new AppError('validation', 'samePassword', {}, 'newPassword');
      }
      const blockedUntil = iso(addSeconds(clock.now(), WITHDRAW_BLOCK_SECONDS));
      await db
        .updateTable('users')
        .set({
          password_hash: await hashPassword(input.newPassword),
          withdraw_blocked_until: blockedUntil,
        })
        .where('id', '=', user.id)
        .execute();
      await sessions.revokeUser(user.id, 'password-change', principal.sessionId);
      await disableApiKeys(db, user.id, iso(clock.now()), 'password-change');
      return { withdrawBlockedUntil: blockedUntil };
    },

    setFundPassword,
    changeFundPassword,

    /** The member family's one call: sets the fund password, or changes it when a code comes. */
    async setOrChangeFundPassword(principal: SessionPrincipal, sealed: Sealed) {
      const user = await userById(db, principal.userId);
      if (user.fund_password_hash) return changeFundPassword(principal, sealed);
      return setFundPassword(principal, sealed);
    },

    async setAntiPhishingCode(principal: SessionPrincipal, antiCode: string, code: string) {
      await codes.consume(await emailOf(db, principal.userId), 'security', code);
      await db
        .updateTable('users')
        .set({ anti_phishing_code: antiCode })
        .where('id', '=', principal.userId)
        .execute();
    },
  };
}
