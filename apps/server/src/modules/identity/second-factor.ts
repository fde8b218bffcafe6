import { formatMessage, type Language, type MessageId } from '@meridian/contract';
import { addSeconds, iso } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import type { SessionPrincipal } from './sessions.ts';
import { checkTotp, newTotpSecret, totpUri } from '../../kernel/auth/totp.ts';
import type { IdentityDb } from './tables.ts';
import { WITHDRAW_BLOCK_SECONDS } from './security-settings.ts';
import { emailOf, userById, type AccountServiceDeps, type UserRow } from './users.ts';
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

/** What the bind-or-reset call does: bind, unbind with the bound app, reset a lost one. */
export type TotpAction = '1' | '2' | '3';

/** The authenticator app (Google Authenticator and the like): bind, unbind, require. */
export function createSecondFactor({ db, clock, brand, codes, delivery }: AccountServiceDeps) {
  const accept = (user: UserRow, secret: string, code: string) =>
    acceptTotp(db, clock, user, secret, code);

  /** Every change of the second factor is told to the owner, on email or else by SMS. */
  async function notify(user: UserRow, notice: MessageId, lang: Language): Promise<void> {
    const target = user.email ?? user.phone;
    if (!target) return;
    await delivery.send({
      channel: user.email ? 'email' : 'sms',
      target,
      subject: formatMessage('securityNoticeSubject', lang, { brand }),
      body: formatMessage(notice, lang, { brand }),
    });
  }

  /** Writes the new secret only if the bound one is still the one the check was made on. */
  async function replaceSecret(
    user: UserRow,
    set: Partial<Pick<UserRow, 'totp_secret' | 'withdraw_blocked_until'>>,
  ): Promise<void> {
    let update = db
      .updateTable('users')
      .set({ totp_pending_secret: null, ...set })
      .where('id', '=', user.id);
    update =
      user.totp_secret === null
        ? update.where('totp_secret', 'is', null)
        : update.where('totp_secret', '=', user.totp_secret);
    const result = await update.executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new AppError('conflict');
  }

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

    /**
     * Action 1 binds the pending secret, and only while none is bound: a stolen session
     * must not swap the owner's authenticator for its own. Action 2 unbinds, proven by a
     * code from the bound app. Action 3 is for a lost device: an email code resets it.
     * Unbinding and resetting both pause withdrawals for 24 hours.
     */
    async bindOrResetTotp(
      principal: SessionPrincipal,
      code: string,
      action: TotpAction,
      lang: Language,
    ) {
      const user = await userById(db, principal.userId);
      if (action === '1') {
        if (user.totp_secret) throw new AppError('validation', 'totpAlreadyBound');
        if (!user.totp_pending_secret) throw new AppError('validation', 'totpNotPending');
        if (!(await accept(user, user.totp_pending_secret, code))) {
          throw new AppError('validation', 'totpInvalid', {}, 'code');
        }
        await replaceSecret(user, { totp_secret: user.totp_pending_secret });
        await notify(user, 'totpBoundNotice', lang);
        return { bound: true };
      }
      if (!user.totp_secret) throw new AppError('validation', 'totpNotBound');
      if (action === '2') {
        if (!(await accept(user, user.totp_secret, code))) {
          throw new AppError('validation', 'totpInvalid', {}, 'code');
        }
        // Without the second factor, withdrawals wait a day, as after a password change.
        await replaceSecret(user, {
          totp_secret: null,
          withdraw_blocked_until: iso(addSeconds(clock.now(), WITHDRAW_BLOCK_SECONDS)),
        });
        await notify(user, 'totpRemovedNotice', lang);
        return { bound: false };
      }
      await codes.consume(await emailOf(db, user.id), 'security', code);
      const blockedUntil = iso(addSeconds(clock.now(), WITHDRAW_BLOCK_SECONDS));
      await replaceSecret(user, { totp_secret: null, withdraw_blocked_until: blockedUntil });
      await notify(user, 'totpResetNotice', lang);
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
