import { iso, type Clock } from '../../kernel/clock.ts';
import { randomToken } from '../../kernel/secrets.ts';
import { hashPassword } from '../../kernel/auth/passwords.ts';
import type { IdentityDb } from './tables.ts';

/** An account made by the platform itself (the demo's users), not through sign-up. */
export interface SeededAccount {
  id: string;
  email: string;
  inviteCode: string;
  /** Both the login and the fund password: a clearly marked demo credential. */
  password: string;
}

/** Creates the account once; returns false when it already exists (left as it is). */
export async function ensureAccount(
  db: IdentityDb,
  clock: Clock,
  account: SeededAccount,
): Promise<boolean> {
  const exists = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', account.email)
    .executeTakeFirst();
  if (exists) return false;
  await db
    .insertInto('users')
    .values({
      id: account.id,
      account: null,
      email: account.email,
      phone: null,
      area_code: null,
      password_hash: await hashPassword(account.password),
      fund_password_hash: await hashPassword(account.password),
      anti_phishing_code: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      invite_code: account.inviteCode,
      inviter_id: null,
      avatar: null,
      chat_key: randomToken(16),
      withdraw_blocked_until: null,
      created_at: iso(clock.now()),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}
