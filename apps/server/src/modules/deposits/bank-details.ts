import type { OpsRechargeBank, RechargeBank, RechargeBankInput } from '@meridian/contract';
import { formatUnits, parseUnits, UnitsError } from '@meridian/core';
import { iso, type Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Catalogue } from '../markets/index.ts';
import type { BankDb, RechargeBanksTable } from './bank-tables.ts';

/**
 * Demo mode's receiving account: it says what it is, so nobody pays real money into it.
 * A real deployment starts with none, and offers no bank transfer until an operator
 * enters its own account.
 */
const DEMO_BANK = {
  coin: 'USDT',
  bank_name: 'Demo Bank (not a real account)',
  account_name: 'Meridian Demo Ltd',
  account_number: 'DEMO 0000 0000 0000',
  swift: 'DEMOXXXX',
  note: 'Demo details: do not send real money. Write your user ID in the transfer memo.',
  min_amount: '10',
  max_amount: '100000',
};

/**
 * The platform's receiving bank account per coin: what users are shown and pay into.
 * A coin is offered for bank transfer when it has an enabled row and the catalogue still
 * takes its deposits; otherwise the way is simply absent.
 */
export function createBankDetails(db: BankDb, clock: Clock, catalogue: Catalogue) {
  const view = (row: RechargeBanksTable, decimals: number): RechargeBank => ({
    coin: row.coin,
    decimals,
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_number,
    swift: row.swift,
    note: row.note,
    minAmount: row.min_amount,
    maxAmount: row.max_amount,
  });

  const decimalsOf = (coin: string) => catalogue.coin(coin)?.decimals;

  /** An operator's bound, written canonically in the coin's decimals. */
  function bound(text: string | null, decimals: number, field: string): string | null {
    if (text === null) return null;
    try {
      const units = parseUnits(text, decimals);
      if (units <= 0n) throw new AppError('validation', 'rechargeAmountPositive', {}, field);
      return formatUnits(units, decimals);
    } catch (error) {
      if (!(error instanceof UnitsError)) throw error;
      if (error.reason === 'negative') {
        throw new AppError('validation', 'rechargeAmountPositive', {}, field);
      }
      throw new AppError('validation', 'depositAmountPrecision', { decimals }, field);
    }
  }

  return {
    /** The coins users may recharge by bank transfer now. */
    async offered(): Promise<RechargeBank[]> {
      const rows = await db
        .selectFrom('recharge_banks')
        .selectAll()
        .where('enabled', '=', 1)
        .orderBy('coin')
        .execute();
      return rows.flatMap((row) => {
        const coin = catalogue.coin(row.coin);
        return coin?.depositEnabled ? [view(row, coin.decimals)] : [];
      });
    },

    /** One coin's offer, or null when the coin takes no bank transfer now. */
    async offerOf(coin: string): Promise<RechargeBank | null> {
      const row = await db
        .selectFrom('recharge_banks')
        .selectAll()
        .where('coin', '=', coin)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      const listed = catalogue.coin(coin);
      return row && listed?.depositEnabled ? view(row, listed.decimals) : null;
    },

    /** Every row, enabled or not, for the operators' form. */
    async all(): Promise<OpsRechargeBank[]> {
      const rows = await db.selectFrom('recharge_banks').selectAll().orderBy('coin').execute();
      return rows.map((row) => ({
        ...view(row, decimalsOf(row.coin) ?? 0),
        enabled: row.enabled === 1,
        updatedAt: row.updated_at,
      }));
    },

    /**
     * Sets a coin's account, in the caller's transaction (with its audit row); returns the
     * row before (null when new) and after.
     */
    async save(
      tx: BankDb,
      coin: string,
      input: RechargeBankInput,
    ): Promise<{ before: OpsRechargeBank | null; after: OpsRechargeBank }> {
      const decimals = decimalsOf(coin);
      if (decimals === undefined) throw new AppError('validation', 'unknownCoin', {}, 'coin');
      const min = bound(input.minAmount, decimals, 'minAmount');
      const max = bound(input.maxAmount, decimals, 'maxAmount');
      if (min !== null && max !== null && parseUnits(min, decimals) > parseUnits(max, decimals)) {
        throw new AppError('validation', 'rechargeBankBounds', {}, 'minAmount');
      }
      const previous = await tx
        .selectFrom('recharge_banks')
        .selectAll()
        .where('coin', '=', coin)
        .executeTakeFirst();
      const row: RechargeBanksTable = {
        coin,
        bank_name: input.bankName,
        account_name: input.accountName,
        account_number: input.accountNumber,
        swift: input.swift,
        note: input.note,
        min_amount: min,
        max_amount: max,
        enabled: input.enabled ? 1 : 0,
        updated_at: iso(clock.now()),
      };
      const { coin: _key, ...changes } = row;
      await tx
        .insertInto('recharge_banks')
        .values(row)
        .onConflict((oc) => oc.column('coin').doUpdateSet(changes))
        .execute();
      const opsView = (r: RechargeBanksTable) => ({
        ...view(r, decimals),
        enabled: r.enabled === 1,
        updatedAt: r.updated_at,
      });
      return { before: previous ? opsView(previous) : null, after: opsView(row) };
    },

    /** Demo mode: the demo account for USDT, once (an operator's later edit stands). */
    async seedDemo(): Promise<void> {
      await db
        .insertInto('recharge_banks')
        .values({ ...DEMO_BANK, enabled: 1, updated_at: iso(clock.now()) })
        .onConflict((oc) => oc.column('coin').doNothing())
        .execute();
    },
  };
}

export type BankDetails = ReturnType<typeof createBankDetails>;
