import { isUniqueViolation } from '../identity/index.ts';
import { iso, type Clock } from '../../kernel/clock.ts';
import type { AddressProvider } from './address-provider.ts';
import type { DepositNetwork } from './networks.ts';
import type { DepositAddressesTable, DepositDb } from './tables.ts';

/**
 * One address per user, coin and network, allocated once: the next index of the network's
 * scheme, derived and stored in one insert. Racing requests collide on a key (the user's
 * coin and network, or the scheme's index); the loser reads the winner's row or takes the
 * next index.
 */
export function createAddressBook(db: DepositDb, clock: Clock, provider: AddressProvider) {
  async function existing(userId: string, coin: string, network: string) {
    return db
      .selectFrom('deposit_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .where('coin', '=', coin)
      .where('network', '=', network)
      .executeTakeFirst();
  }

  async function addressFor(
    userId: string,
    coin: string,
    network: DepositNetwork,
  ): Promise<DepositAddressesTable> {
    for (let attempt = 0; ; attempt += 1) {
      const found = await existing(userId, coin, network.code);
      if (found) return found;
      try {
        return await db.transaction().execute(async (trx) => {
          const top = await trx
            .selectFrom('deposit_addresses')
            .select((eb) => eb.fn.max('derivation_index').as('top'))
            .where('scheme', '=', network.scheme)
            .executeTakeFirst();
          const index = top?.top === null || top?.top === undefined ? 0 : Number(top.top) + 1;
          const row: DepositAddressesTable = {
            user_id: userId,
            coin,
            network: network.code,
            scheme: network.scheme,
            derivation_index: index,
            address: provider.address(network.scheme, index),
            created_at: iso(clock.now()),
          };
          await trx.insertInto('deposit_addresses').values(row).execute();
          return row;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
      }
    }
  }

  /** Whose addresses these are on a network: address -> user id. */
  async function owners(network: string, addresses: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let i = 0; i < addresses.length; i += 500) {
      const rows = await db
        .selectFrom('deposit_addresses')
        .select(['address', 'user_id'])
        .where('network', '=', network)
        .where('address', 'in', addresses.slice(i, i + 500))
        .execute();
      for (const row of rows) found.set(row.address, row.user_id);
    }
    return found;
  }

  return { addressFor, owners };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
