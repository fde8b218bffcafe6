import type { SecondContract } from '@meridian/contract';
import { formatUnits, type OpenContract } from '@meridian/core';
import type { SecondContractsTable } from './tables.ts';

/** A rate in basis points as its published decimal fraction: 2000 → `0.2`. */
export function rateText(bps: number): string {
  return formatUnits(BigInt(bps), 4);
}

/** An open contract as the calls show it; `index` is the market's price now. */
export function openView(
  c: OpenContract,
  decimals: number,
  index: bigint | undefined,
): SecondContract {
  return {
    id: String(c.id),
    symbol: c.market,
    coin: c.asset,
    direction: c.direction,
    period: c.period,
    amount: formatUnits(c.stake, decimals),
    serviceCharge: formatUnits(c.charge, decimals),
    profitRate: rateText(c.profitBps),
    lossRate: rateText(c.lossBps),
    openPrice: formatUnits(c.openPrice, decimals),
    openTickId: String(c.openTickSeq),
    createTime: c.openedAt,
    expiryTime: c.expiry,
    status: 'open',
    currentPrice: index === undefined ? null : formatUnits(index, decimals),
    outcome: null,
    profitLoss: null,
    payout: null,
    closePrice: null,
    closeTime: null,
    settlement: null,
  };
}

/** A settled contract, from its row. */
export function settledView(row: SecondContractsTable): SecondContract {
  return {
    id: String(row.id),
    symbol: row.symbol,
    coin: row.coin,
    direction: row.direction,
    period: Number(row.period),
    amount: row.stake,
    serviceCharge: row.charge,
    profitRate: rateText(Number(row.profit_bps)),
    lossRate: rateText(Number(row.loss_bps)),
    openPrice: row.open_price,
    openTickId: String(row.open_tick_seq),
    createTime: Number(row.opened_at),
    expiryTime: Number(row.expiry),
    status: 'settled',
    currentPrice: row.close_price,
    outcome: row.outcome,
    profitLoss: row.pnl,
    payout: row.payout,
    closePrice: row.close_price,
    closeTime: Number(row.closed_at),
    settlement: {
      id: String(row.close_tick_seq),
      time: Number(row.closed_at),
      price: row.close_price,
      source: row.close_source,
    },
  };
}
