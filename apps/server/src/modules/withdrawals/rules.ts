import type { WithdrawalNetwork, WithdrawalRule } from '@meridian/contract';
import type { WithdrawalDb, WithdrawalRulesTable } from './tables.ts';

export type Level = 0 | 1 | 2;

export function toRule(row: WithdrawalRulesTable): WithdrawalRule {
  return {
    coin: row.coin,
    network: row.network,
    level: row.level as Level,
    fee: row.fee,
    minAmount: row.min_amount,
    dailyLimit: row.daily_limit,
    reviewThreshold: row.review_threshold,
  };
}

/** The published rules (migration 0035's table), for coins the engine knows. */
export function createRules(db: WithdrawalDb, coins: () => string[]) {
  const known = () => new Set(coins());
  return {
    async all(): Promise<WithdrawalRule[]> {
      const rows = await db
        .selectFrom('withdrawal_rules')
        .selectAll()
        .orderBy('coin')
        .orderBy('network')
        .orderBy('level')
        .execute();
      const listed = known();
      return rows.filter((r) => listed.has(r.coin)).map(toRule);
    },
    async forLevel(level: Level): Promise<WithdrawalRule[]> {
      const rows = await db
        .selectFrom('withdrawal_rules')
        .selectAll()
        .where('level', '=', level)
        .orderBy('coin')
        .orderBy('network')
        .execute();
      const listed = known();
      return rows.filter((r) => listed.has(r.coin)).map(toRule);
    },
    async find(coin: string, network: WithdrawalNetwork, level: Level) {
      if (!known().has(coin)) return undefined;
      const row = await db
        .selectFrom('withdrawal_rules')
        .selectAll()
        .where('coin', '=', coin)
        .where('network', '=', network)
        .where('level', '=', level)
        .executeTakeFirst();
      return row && toRule(row);
    },
  };
}

export type Rules = ReturnType<typeof createRules>;
