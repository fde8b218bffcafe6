import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema.ts';
import type { IdentityService } from '../identity/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { EngineFront } from '../../engine/engine-front.ts';

/** Clearly marked demo credentials: printed at start-up and in the README, demo mode only. */
export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_USERS = [
  { id: '10000001', email: 'demo1@meridian.local', inviteCode: 'DEMO0001' },
  { id: '10000002', email: 'demo2@meridian.local', inviteCode: 'DEMO0002' },
] as const;

/**
 * One demo operator per role, on a one-time password (clearly a demo seed): the first
 * sign-in at /ops sets the operator's own password and adds an authenticator, as for any
 * operator, so the console is tried exactly as a deployment uses it.
 */
export const DEMO_OPERATOR_PASSWORD = 'DemoOperator-2026';
export const DEMO_OPERATORS = [
  { email: 'admin@ops.meridian.local', role: 'admin' },
  { email: 'compliance@ops.meridian.local', role: 'compliance' },
  { email: 'finance@ops.meridian.local', role: 'finance' },
  { email: 'finance2@ops.meridian.local', role: 'finance' },
  { email: 'support@ops.meridian.local', role: 'support' },
] as const;

export async function seedDemoOperators(operators: Pick<OperatorsService, 'ensureOperator'>) {
  for (const demo of DEMO_OPERATORS) {
    await operators.ensureOperator(demo.email, demo.role, DEMO_OPERATOR_PASSWORD);
  }
}

/** Creates the demo users once; a restart leaves them (and what they did) as they are. */
export async function seedDemoUsers(
  identity: Pick<IdentityService, 'ensureAccount'>,
): Promise<string[]> {
  const created: string[] = [];
  for (const demo of DEMO_USERS) {
    if (await identity.ensureAccount({ ...demo, password: DEMO_PASSWORD }))
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
 * visible in the user's bills like any other. The engine credits each reference once;
 * the marker only spares a restart the round trip.
 */
export async function fundDemoUsers(db: Kysely<KernelTables>, engine: EngineFront): Promise<void> {
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
      // A crash after the deposit and before the marker: the engine already credited this
      // reference and refuses it again, so the retry only writes the marker.
      const refused = ack.events.find(
        (e) => e.type === 'rejected' && e.reason !== 'duplicate_deposit',
      );
      if (refused) throw new Error(`demo funding refused: ${JSON.stringify(refused)}`);
    }
    await db
      .insertInto('platform_meta')
      .values({ key: marker, value: new Date().toISOString() })
      .execute();
  }
}
