import type { Delivery } from '../../kernel/mail/delivery.ts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Sealed, UserInfo } from '@meridian/contract';
import type { Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import type { TransportKeys } from '../../kernel/transport-crypto.ts';
import type { CodeService } from './codes.ts';
import type { SessionService } from './sessions.ts';
import type { IdentityDb, UsersTable } from './tables.ts';

/** What every identity use case works with. */
export interface AccountServiceDeps {
  db: IdentityDb;
  clock: Clock;
  codes: CodeService;
  sessions: SessionService;
  transport: TransportKeys;
  /** Security notices (a second factor bound, removed or reset). */
  delivery: Delivery;
  brand: string;
}

export type UserRow = Selectable<UsersTable>;

/** Phone numbers are stored whole, `+<area code><number>`, so two countries never clash. */
export function fullPhone(areaCode: string, phone: string): string {
  return `+${areaCode}${phone}`;
}

export function isUniqueViolation(error: unknown): boolean {
  const text =
    String((error as { code?: string; message?: string })?.code ?? '') +
    String((error as { message?: string })?.message ?? '');
  return /SQLITE_CONSTRAINT|23505|UNIQUE/i.test(text);
}

export function openSealed<T extends z.ZodType>(
  transport: TransportKeys,
  sealed: Sealed,
  schema: T,
): z.output<T> {
  const parsed = schema.safeParse(transport.open(sealed));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.message === 'passwordRule')
      throw new AppError('validation', 'passwordRule', {}, 'password');
    throw new AppError('validation', 'sealedUnreadable');
  }
  return parsed.data;
}

export function requireMatch(password: string, confirmation: string | undefined): void {
  if (confirmation !== undefined && confirmation !== password) {
    throw new AppError('validation', 'passwordMismatch', {}, 'confirmPassword');
  }
}

export function toUserInfo(user: UserRow): UserInfo {
  const merchant = user.is_merchant === 2;
  return {
    id: user.id,
    userId: user.id,
    blade_user_id: user.id,
    account: user.account,
    email: user.email,
    phone: user.phone,
    areaCode: user.area_code,
    avatar: user.avatar,
    chatKey: user.chat_key,
    is_merchant: user.is_merchant,
    merchant: merchant ? { id: user.id } : null,
    vip: user.vip === 1,
    creditScore: user.credit_score,
    inviteCode: user.invite_code,
    googleBound: user.totp_secret !== null,
    fundPasswordSet: user.fund_password_hash !== null,
    antiPhishingCode: user.anti_phishing_code,
    withdrawBlockedUntil: user.withdraw_blocked_until,
    createdAt: user.created_at,
  };
}

/** The signed-in user's row; a session whose user is gone is an invalid token. */
export async function userById(db: IdentityDb, id: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw new AppError('unauthorized', 'invalidToken');
  return user;
}

/** Codes for security changes go to the account's email, which must be bound. */
export async function emailOf(db: IdentityDb, userId: string): Promise<string> {
  const user = await userById(db, userId);
  if (!user.email) throw new AppError('validation', 'emailRequired', {}, 'email');
  return user.email;
}
