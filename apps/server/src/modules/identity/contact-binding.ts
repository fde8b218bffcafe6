import { AppError } from '../../kernel/errors.ts';
import type { SessionPrincipal } from './sessions.ts';
import { fullPhone, isUniqueViolation, type AccountServiceDeps } from './users.ts';

/** Binding an email or a phone number to the account, proven by a code sent there. */
export function createContactBinding({ db, codes }: AccountServiceDeps) {
  return {
    async bindEmail(principal: SessionPrincipal, email: string, code: string) {
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (taken) throw new AppError('conflict', 'alreadyBound');
      await codes.consume(email, 'bind', code);
      try {
        await db.updateTable('users').set({ email }).where('id', '=', principal.userId).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'alreadyBound');
        throw error;
      }
    },

    async bindPhone(principal: SessionPrincipal, areaCode: string, phone: string, code: string) {
      const full = fullPhone(areaCode, phone);
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', full)
        .executeTakeFirst();
      if (taken) throw new AppError('conflict', 'alreadyBound');
      await codes.consume(full, 'bind', code);
      try {
        await db
          .updateTable('users')
          .set({ phone: full, area_code: areaCode })
          .where('id', '=', principal.userId)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'alreadyBound');
        throw error;
      }
    },
  };
}
