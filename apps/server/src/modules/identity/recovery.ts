import type { CodePurpose, Language } from '@meridian/contract';
import { iso } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import { hashPassword } from '../../kernel/auth/passwords.ts';
import { requireMatch, type AccountServiceDeps } from './users.ts';
import { disableApiKeys } from './api-keys.ts';

/** Verification codes, and a forgotten password reset by an emailed code. */
export function createRecovery({ db, codes, sessions, clock }: AccountServiceDeps) {
  return {
    async sendCode(request: {
      channel: 'email' | 'sms';
      target: string;
      purpose: CodePurpose;
      lang: Language;
    }) {
      const column = request.channel === 'email' ? 'email' : 'phone';
      const owner = await db
        .selectFrom('users')
        .select(['id', 'anti_phishing_code'])
        .where(column, '=', request.target)
        .executeTakeFirst();
      // A reset code for an address nobody registered is not sent, and the answer is the
      // same as when it is, so the form cannot be used to discover accounts.
      if (request.purpose === 'reset' && !owner) return { resendAfterSeconds: 60 };
      return codes.send({ ...request, antiPhishingCode: owner?.anti_phishing_code ?? null });
    },

    async resetPassword(input: {
      email: string;
      code: string;
      password: string;
      confirmPassword: string;
    }) {
      requireMatch(input.password, input.confirmPassword);
      await codes.consume(input.email, 'reset', input.code);
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', input.email)
        .executeTakeFirst();
      if (!user) throw new AppError('validation', 'codeInvalid', {}, 'code');
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(input.password) })
        .where('id', '=', user.id)
        .execute();
      await sessions.revokeUser(user.id, 'password-reset');
      await disableApiKeys(db, user.id, iso(clock.now()), 'password-reset');
    },
  };
}
