import { marketMakingAccount, systemAccount } from '@meridian/core';
import type { MarketsDb } from './tables.ts';
import type { EngineFront } from '../../engine/engine-front.ts';

/**
 * Funds an operator-owned market-making account once, from operator capital: real
 * ledger postings, but the operator's own money, never counted among what the platform
 * owes its users. The engine applies each reference once; the marker in platform_meta
 * only spares a restart the round trip.
 */
export async function fundOnce(
  db: MarketsDb,
  engine: Pick<EngineFront, 'adjust'>,
  owner: string,
  amounts: Array<[asset: string, amount: string]>,
  now: () => number,
  /** What the marker names beyond the owner: a market listed later funds apart. */
  part?: string,
): Promise<void> {
  const marker = part ? `bot_funded:${owner}:${part}` : `bot_funded:${owner}`;
  const done = await db
    .selectFrom('platform_meta')
    .select('key')
    .where('key', '=', marker)
    .executeTakeFirst();
  if (done) return;
  for (const [asset, amount] of amounts) {
    const ack = await engine.adjust(
      systemAccount('operator_capital', asset),
      marketMakingAccount(owner, asset, 'available'),
      asset,
      amount,
      `mm-funding:${owner}:${asset}`,
    );
    // A crash after the adjustment and before the marker: the engine already applied
    // this reference and refuses it again, so the retry only writes the marker.
    const refused = ack.events.find(
      (e) => e.type === 'rejected' && e.reason !== 'duplicate_reference',
    );
    if (refused) throw new Error(`funding ${owner} refused: ${JSON.stringify(refused)}`);
  }
  await db
    .insertInto('platform_meta')
    .values({ key: marker, value: new Date(now()).toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
