import type { MarketsDb } from './tables.ts';
import type { EngineHost } from '../../engine/engine-host.ts';

/**
 * Funds a platform bot once, as deposits from the platform float (real ledger postings,
 * like the demo users'); a marker in platform_meta records that it was done, so a
 * restart never mints more.
 */
export async function fundOnce(
  db: MarketsDb,
  engine: Pick<EngineHost, 'deposit'>,
  user: string,
  amounts: Array<[asset: string, amount: string]>,
  now: () => number,
): Promise<void> {
  const marker = `bot_funded:${user}`;
  const done = await db
    .selectFrom('platform_meta')
    .select('key')
    .where('key', '=', marker)
    .executeTakeFirst();
  if (done) return;
  for (const [asset, amount] of amounts) {
    const ack = await engine.deposit(user, asset, amount, `bot-funding-${user}-${asset}`);
    const refused = ack.events.find((e) => e.type === 'rejected');
    if (refused) throw new Error(`funding ${user} refused: ${JSON.stringify(refused)}`);
  }
  await db
    .insertInto('platform_meta')
    .values({ key: marker, value: new Date(now()).toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
