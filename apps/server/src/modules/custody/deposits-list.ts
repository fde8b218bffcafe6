import type { Kysely } from 'kysely';
import type { OpsDeposit, opsDepositsQuery } from '@meridian/contract';
import type { z } from 'zod';
import type { ChainDepositsTable, DepositTables } from '../deposits/index.ts';

type Query = z.output<typeof opsDepositsQuery>;

function view(row: ChainDepositsTable): OpsDeposit {
  return {
    id: row.id,
    userId: row.user_id,
    coin: row.coin,
    network: row.network,
    address: row.address,
    txid: row.txid,
    vout: row.vout,
    amount: row.amount,
    confirmations: row.confirmations,
    required: row.required,
    // A credit between its decision and its posting is still, to anyone reading, confirming.
    status: row.status === 'crediting' ? 'confirming' : row.status,
    createTime: row.seen_at,
    creditTime: row.credited_at,
  };
}

/** Chain deposits across users for the console: filtered, newest first, paged. */
export async function listDeposits(
  db: Pick<Kysely<Pick<DepositTables, 'chain_deposits'>>, 'selectFrom'>,
  query: Query,
) {
  let base = db.selectFrom('chain_deposits');
  if (query.status) {
    base = base.where(
      'status',
      'in',
      query.status === 'confirming' ? ['confirming', 'crediting'] : [query.status],
    );
  }
  if (query.coin) base = base.where('coin', '=', query.coin);
  if (query.userId) base = base.where('user_id', '=', query.userId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('seen_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset((query.current - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map(view),
    total: Number(count.n),
    current: query.current,
    size: query.size,
  };
}
