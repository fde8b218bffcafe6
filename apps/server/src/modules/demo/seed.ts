import type { Kysely } from 'kysely';
import { iso, type Clock } from '../../kernel/clock.ts';
import { hashPassword } from '../identity/passwords.ts';
import { randomToken } from '../../kernel/secrets.ts';
import type { DatabaseSchema } from '../../kernel/db/schema.ts';
import type { EngineHost } from '../../engine/engine-host.ts';

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

/** What each demo user starts with: enough to try every market. */
export const DEMO_BALANCES: ReadonlyArray<[asset: string, amount: string]> = [
  ['USDT', '100000'],
  ['BTC', '1'],
  ['ETH', '10'],
  ['BNB', '20'],
  ['SOL', '100'],
];

/**
 * Funds each demo user once, as deposits from the platform float: real ledger postings,
 * visible in the user's bills like any other. A marker records that it was done.
 */
export async function fundDemoUsers(db: Kysely<DatabaseSchema>, engine: EngineHost): Promise<void> {
  for (const demo of DEMO_USERS) {
    const marker = `demo_funded:${demo.id}`;
    const done = await db
      .selectFrom('platform_meta')
      .select('key')
      .where('key', '=', marker)
      .executeTakeFirst();
    if (done) continue;
    for (const [asset, amount] of DEMO_BALANCES) {
      const ack = await engine.deposit(demo.id, asset, amount, `demo-seed-${demo.id}-${asset}`);
      const refused = ack.events.find((e) => e.type === 'rejected');
      if (refused) throw new Error(`demo funding refused: ${JSON.stringify(refused)}`);
    }
    await db
      .insertInto('platform_meta')
      .values({ key: marker, value: new Date().toISOString() })
      .execute();
  }
}
