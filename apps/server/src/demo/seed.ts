import type { Kysely } from 'kysely';
import { iso, type Clock } from '../accounts/clock.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { randomToken } from '../accounts/secrets.ts';
import type { DatabaseSchema } from '../db/schema.ts';

/** Clearly marked demo credentials: printed at start-up and in the README, demo mode only. */
export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_USERS = [
  { id: '10000001', email: 'demo1@meridian.local', inviteCode: 'DEMO0001' },
  { id: '10000002', email: 'demo2@meridian.local', inviteCode: 'DEMO0002' },
] as const;

/** Creates the demo users once; a restart leaves them (and what they did) as they are. */
export async function seedDemoUsers(db: Kysely<DatabaseSchema>, clock: Clock): Promise<string[]> {
  const created: string[] = [];
  for (const demo of DEMO_USERS) {
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demo.email)
      .executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('users')
      .values({
        id: demo.id,
        account: null,
        email: demo.email,
        phone: null,
        area_code: null,
        password_hash: await hashPassword(DEMO_PASSWORD),
        fund_password_hash: await hashPassword(DEMO_PASSWORD),
        anti_phishing_code: null,
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        invite_code: demo.inviteCode,
        inviter_id: null,
        avatar: null,
        chat_key: randomToken(16),
        withdraw_blocked_until: null,
        created_at: iso(clock.now()),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    created.push(demo.email);
  }
  return created;
}
