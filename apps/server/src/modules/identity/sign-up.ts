import { iso } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import { randomInviteCode, randomToken, randomUserId } from '../../kernel/secrets.ts';
import { hashPassword } from '../../kernel/auth/passwords.ts';
import type { ClientContext, SignIn } from './sign-in.ts';
import {
  fullPhone,
  isUniqueViolation,
  requireMatch,
  type AccountServiceDeps,
  type UserRow,
} from './users.ts';

export type RegisterInput =
  | {
      type: 'account';
      account: string;
      password: string;
      confirmPassword?: string | undefined;
      inviteCode?: string | undefined;
    }
  | {
      type: 'email';
      email: string;
      code: string;
      password: string;
      confirmPassword?: string | undefined;
      inviteCode?: string | undefined;
    }
  | {
      type: 'phone';
      phone: string;
      areaCode: string;
      code: string;
      password: string;
      confirmPassword?: string | undefined;
      inviteCode?: string | undefined;
    };

/** Signing up by account name, email or phone, with an optional invite code. */
export function createSignUp(
  { db, clock, codes }: AccountServiceDeps,
  { signIn }: Pick<SignIn, 'signIn'>,
) {
  async function uniqueInviteCode(): Promise<string> {
    for (;;) {
      const code = randomInviteCode();
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('invite_code', '=', code)
        .executeTakeFirst();
      if (!taken) return code;
    }
  }

  return {
    async register(input: RegisterInput, ctx: ClientContext) {
      requireMatch(input.password, input.confirmPassword);
      const identity =
        input.type === 'account'
          ? { account: input.account.toLowerCase(), email: null, phone: null, area_code: null }
          : input.type === 'email'
            ? { account: null, email: input.email, phone: null, area_code: null }
            : {
                account: null,
                email: null,
                phone: fullPhone(input.areaCode, input.phone),
                area_code: input.areaCode,
              };

      const clash = await db
        .selectFrom('users')
        .select('id')
        .where((eb) =>
          // Only the identity given is compared: PostgreSQL refuses a NUL placeholder.
          eb.or([
            ...(identity.account !== null ? [eb('account', '=', identity.account)] : []),
            ...(identity.email !== null ? [eb('email', '=', identity.email)] : []),
            ...(identity.phone !== null ? [eb('phone', '=', identity.phone)] : []),
          ]),
        )
        .executeTakeFirst();
      if (clash) throw new AppError('conflict', 'accountTaken');

      let inviterId: string | null = null;
      if (input.inviteCode) {
        const inviter = await db
          .selectFrom('users')
          .select('id')
          .where('invite_code', '=', input.inviteCode.toUpperCase())
          .executeTakeFirst();
        if (!inviter) throw new AppError('validation', 'inviteCodeUnknown', {}, 'inviteCode');
        inviterId = inviter.id;
      }
      if (input.type === 'email') await codes.consume(input.email, 'register', input.code);
      if (input.type === 'phone') await codes.consume(identity.phone!, 'register', input.code);

      const passwordHash = await hashPassword(input.password);
      for (let attempt = 0; ; attempt++) {
        const user: UserRow = {
          id: randomUserId(),
          ...identity,
          password_hash: passwordHash,
          fund_password_hash: null,
          anti_phishing_code: null,
          totp_secret: null,
          totp_pending_secret: null,
          totp_last_step: null,
          invite_code: await uniqueInviteCode(),
          inviter_id: inviterId,
          is_merchant: 1,
          vip: 0,
          credit_score: 100,
          avatar: null,
          chat_key: randomToken(16),
          withdraw_blocked_until: null,
          created_at: iso(clock.now()),
          login_frozen_at: null,
          withdrawals_frozen_at: null,
          login_freeze_reason: null,
          withdrawals_freeze_reason: null,
          // Kept by the sign-in that follows.
          language: null,
        };
        try {
          await db.insertInto('users').values(user).execute();
          return signIn(user, ctx);
        } catch (error) {
          // A random id or code collided, or the same identity registered a moment ago.
          if (!isUniqueViolation(error) || attempt >= 3) {
            if (isUniqueViolation(error)) throw new AppError('conflict', 'accountTaken');
            throw error;
          }
        }
      }
    },
  };
}
