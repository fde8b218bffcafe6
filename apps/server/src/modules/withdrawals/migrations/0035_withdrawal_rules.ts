import type { Kysely } from 'kysely';

/**
 * The published withdrawal rules (PRODUCT.md 2.6): per coin, network and verification
 * level (0 none, 1 primary, 2 advanced), the fee, minimum, daily limit and the amount from
 * which an operator reviews. Amounts are decimal text in the coin. Seeded with defaults an
 * operator may change in the table; the page and the public call show what is here.
 */
const DEFAULTS: Array<{
  coin: string;
  network: string;
  fee: string;
  min: string;
  daily: [string, string, string];
  review: [string, string, string];
}> = [
  {
    coin: 'BTC',
    network: 'BTC',
    fee: '0.0005',
    min: '0.001',
    daily: ['0.2', '2', '50'],
    review: ['0.05', '0.5', '5'],
  },
  {
    coin: 'ETH',
    network: 'ERC20',
    fee: '0.003',
    min: '0.01',
    daily: ['2', '50', '500'],
    review: ['1', '10', '50'],
  },
  {
    coin: 'USDT',
    network: 'ERC20',
    fee: '5',
    min: '20',
    daily: ['2000', '50000', '1000000'],
    review: ['1000', '10000', '50000'],
  },
  {
    coin: 'USDT',
    network: 'BEP20',
    fee: '1',
    min: '10',
    daily: ['2000', '50000', '1000000'],
    review: ['1000', '10000', '50000'],
  },
  {
    coin: 'BNB',
    network: 'BEP20',
    fee: '0.001',
    min: '0.01',
    daily: ['5', '100', '1000'],
    review: ['2', '20', '100'],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawal_rules')
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('fee', 'varchar(40)', (c) => c.notNull())
    .addColumn('min_amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('daily_limit', 'varchar(40)', (c) => c.notNull())
    .addColumn('review_threshold', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('withdrawal_rules_pk', ['coin', 'network', 'level'])
    .execute();
  await (db as Kysely<{ withdrawal_rules: Record<string, unknown> }>)
    .insertInto('withdrawal_rules')
    .values(
      DEFAULTS.flatMap((rule) =>
        ([0, 1, 2] as const).map((level) => ({
          coin: rule.coin,
          network: rule.network,
          level,
          fee: rule.fee,
          min_amount: rule.min,
          daily_limit: rule.daily[level],
          review_threshold: rule.review[level],
        })),
      ),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_rules').execute();
}
