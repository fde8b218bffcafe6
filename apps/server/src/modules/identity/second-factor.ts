import { AppError } from '../../kernel/errors.ts';
import type { SessionPrincipal } from './sessions.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';
import type { IdentityDb } from './tables.ts';
import { userById, type AccountServiceDeps, type UserRow } from './users.ts';
import type { Clock } from '../../kernel/clock.ts';

/** Accepts a TOTP code once: the step is recorded with a conditional update. */
export async function acceptTotp(
  db: IdentityDb,
  clock: Clock,
  user: UserRow,
  secret: string,
  code: string,
): Promise<boolean> {
  const last = user.totp_last_step === null ? null : Number(user.totp_last_step);
  const step = await checkTotp(secret, code, last, clock.now().getTime());
  if (step === null) return false;
  let update = db.updateTable('users').set({ totp_last_step: step }).where('id', '=', user.id);
  update =
    last === null
      ? update.where('totp_last_step', 'is', null)
      : update.where('totp_last_step', '=', last);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The authenticator app (Google Authenticator and the like): bind, unbind, require. */
export function createSecondFactor({ db, clock, brand }: AccountServiceDeps) {
  const accept = (user: UserRow, secret: string, code: string) =>
    acceptTotp(db, clock, user, secret, code);

  return {
    async pendingTotp(principal: SessionPrincipal) {
      const user = await userById(db, principal.userId);
      const secret = newTotpSecret();
      await db
        .updateTable('users')
        .set({ totp_pending_secret: secret })
        .where('id', '=', user.id)
        .execute();
      const label = user.email ?? user.account ?? user.phone ?? user.id;
      return {
        secret,
        otpauthUri: totpUri(brand, label, secret),
        bound: user.totp_secret !== null,
      };
    },

    /** action 1 binds the pending secret; action 2 unbinds, proven by the bound one. */
    async bindOrResetTotp(principal: SessionPrincipal, code: string, action: '1' | '2') {
      const user = await userById(db, principal.userId);
      if (action === '1') {
        if (!user.totp_pending_secret) throw new AppError('validation', 'totpNotPending');
        if (!(await accept(user, user.totp_pending_secret, code))) {
          throw new AppError('validation', 'totpInvalid', {}, 'code');
        }
        await db
          .updateTable('users')
          .set({ totp_secret: user.totp_pending_secret, totp_pending_secret: null })
          .where('id', '=', user.id)
          .execute();
        return { bound: true };
      }
      if (!user.totp_secret) throw new AppError('validation', 'totpNotBound');
      if (!(await accept(user, user.totp_secret, code))) {
        throw new AppError('validation', 'totpInvalid', {}, 'code');
      }
      await db
        .updateTable('users')
        .set({ totp_secret: null, totp_pending_secret: null })
        .where('id', '=', user.id)
        .execute();
      return { bound: false };
    },

    /** For calls that need the second factor when it is on (API key creation). */
    async requireSecondFactor(principal: SessionPrincipal, code: string | undefined) {
      const user = await userById(db, principal.userId);
      if (!user.totp_secret) return;
      if (!code) throw new AppError('validation', 'totpRequired', {}, 'googleCode');
      if (!(await accept(user, user.totp_secret, code))) {
        throw new AppError('validation', 'totpInvalid', {}, 'googleCode');
      }
    },
  };
}
