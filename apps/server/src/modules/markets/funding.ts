import type { MarketsDb } from './tables.ts';
import type { EngineHost } from '../../engine/engine-host.ts';

/**
 * Funds a platform bot once, as deposits from the platform float (real ledger postings,
 * like the demo users'). Each deposit's reference is credited once by the engine itself;
 * the marker in platform_meta only spares a restart the round trip.
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
    // A crash after the deposit and before the marker: the engine already credited this
    // reference and refuses it again, so the retry only writes the marker.
    const refused = ack.events.find(
      (e) => e.type === 'rejected' && e.reason !== 'duplicate_deposit',
    );
    if (refused) throw new Error(`funding ${user} refused: ${JSON.stringify(refused)}`);
  }
  await db
    .insertInto('platform_meta')
    .values({ key: marker, value: new Date(now()).toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
