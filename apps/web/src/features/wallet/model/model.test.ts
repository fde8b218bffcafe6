import type { Bill, WalletCoin, WalletSummary } from '@meridian/contract/calls/wallet';
import { describe, expect, it } from 'vitest';
import { billQuery, billsCsv, EXPORT_PAGE, fetchAllBills } from './bills.ts';
import { coinTotals, visibleCoins } from './overview.ts';
import { afterTransfer, transferProblem } from './transfer.ts';

const coin = (code: string, amount: string, valueUsdt: string | null): WalletCoin => ({
  coin: code,
  available: amount,
  held: '0',
  amount,
  price: valueUsdt === null ? null : '1',
  valueUsdt,
  value: valueUsdt,
});

describe('overview', () => {
  const coins = [
    coin('USDT', '10.5', '10.5'),
    coin('BTC', '0.0001', '9.99'),
    coin('ETH', '0', '0'),
    coin('XYZ', '3', null),
    coin('SOL', '0.1', '10.50000001'),
  ];

  it('orders by value, exactly, and hides zero balances when asked', () => {
    expect(visibleCoins(coins, true).map((c) => c.coin)).toEqual([
      'SOL',
      'USDT',
      'BTC',
      'XYZ',
      'ETH',
    ]);
    expect(visibleCoins(coins, false).map((c) => c.coin)).toEqual(['SOL', 'USDT', 'BTC', 'XYZ']);
  });

  it('sums each coin across wallets with decimals, never floats', () => {
    const wallet = (type: '1' | '2' | '3', list: WalletCoin[]): WalletSummary => ({
      type,
      coins: list,
      totalUsdt: '0',
      total: '0',
    });
    const rows = coinTotals([
      wallet('1', [
        { ...coin('USDT', '0.1', '0.1'), held: '0.2', amount: '0.3' },
        coin('XYZ', '1', null),
      ]),
      wallet('2', [coin('USDT', '0.2', '0.2'), coin('XYZ', '2', null)]),
      wallet('3', [coin('USDT', '0.000001', '0.000001'), coin('XYZ', '0', null)]),
    ]);
    // 0.1 + 0.2 in floating point would be 0.30000000000000004.
    expect(rows[0]).toEqual({
      coin: 'USDT',
      available: '0.300001',
      held: '0.2',
      amount: '0.500001',
      valueUsdt: '0.300001',
      byWallet: [
        { type: '1', amount: '0.3' },
        { type: '2', amount: '0.2' },
        { type: '3', amount: '0.000001' },
      ],
    });
    expect(rows[1]).toMatchObject({ coin: 'XYZ', amount: '3', valueUsdt: null });
  });
});

describe('transfer form', () => {
  it('says what is wrong with an amount before anything is sent', () => {
    const cases: Array<[string, ReturnType<typeof transferProblem>]> = [
      ['', 'required'],
      ['abc', 'invalid'],
      ['1e3', 'invalid'],
      ['-1', 'invalid'],
      ['-0', 'invalid'],
      ['0.0000001', 'tooManyDecimals'],
      ['0', 'zero'],
      ['0.000', 'zero'],
      ['100.000001', 'insufficient'],
      ['100', null],
      ['0.000001', null],
    ];
    for (const [amount, problem] of cases) {
      expect(transferProblem(amount, '100', 6), amount).toBe(problem);
    }
  });

  it('shows what both wallets will hold after it', () => {
    expect(afterTransfer('0.3', '0.1', '0.2')).toEqual({ from: '0.1', to: '0.3' });
    expect(afterTransfer('100', '0', '100')).toEqual({ from: '0', to: '100' });
  });
});

describe('bills', () => {
  it('turns days into the bounds of those days in the user’s timezone', () => {
    const q = billQuery({ coin: 'USDT', days: ['2026-03-01', '2026-03-02'] }, 'Asia/Tokyo', 2, 20);
    expect(q).toEqual({
      page: 2,
      size: 20,
      coin: 'USDT',
      start: Date.parse('2026-02-28T15:00:00Z'),
      end: Date.parse('2026-03-02T15:00:00Z'),
    });
    expect(billQuery({}, 'UTC', 1, 10)).toEqual({ page: 1, size: 10 });
  });

  const bill = (n: number, extra: Partial<Bill> = {}): Bill => ({
    id: `${n}:in`,
    postingId: String(n),
    time: 1_772_323_200_000 + n,
    coin: 'USDT',
    wallet: '1',
    reason: 'deposit',
    amount: String(n),
    reference: `deposit:${n}`,
    note: null,
    ...extra,
  });

  it('exports every page the filters select', async () => {
    const all = Array.from({ length: EXPORT_PAGE * 2 + 3 }, (_, i) => bill(i));
    const asked: number[] = [];
    const rows = await fetchAllBills(async (page, size) => {
      asked.push(page);
      return { list: all.slice((page - 1) * size, page * size), total: all.length, page, size };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(rows).toEqual(all);
  });

  it('writes RFC 4180 CSV: quotes where needed, exact signed amounts', () => {
    const csv = billsCsv(
      [
        bill(1, {
          reason: 'adjustment',
          amount: '-12.5',
          note: 'Refund, "double" fee\nsecond line',
        }),
        bill(2, { note: '=HYPERLINK("x")' }),
      ],
      {
        header: ['Time', 'Coin', 'Wallet', 'Type', 'Amount', 'Note', 'Reference'],
        time: (ms) => new Date(ms).toISOString(),
        wallet: (code) => (code === '1' ? 'Spot' : code),
        reason: (r) => (r === 'adjustment' ? 'Adjustment, by operators' : r),
      },
    );
    expect(csv).toBe(
      'Time,Coin,Wallet,Type,Amount,Note,Reference\r\n' +
        '2026-03-01T00:00:00.001Z,USDT,Spot,"Adjustment, by operators",-12.5,' +
        '"Refund, ""double"" fee\nsecond line",deposit:1\r\n' +
        `2026-03-01T00:00:00.002Z,USDT,Spot,deposit,2,"'=HYPERLINK(""x"")",deposit:2\r\n`,
    );
  });
});
