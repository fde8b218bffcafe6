import { Decimal } from '@meridian/core';

export interface WalletSide {
  coin: string;
  available: string;
  held: string;
}

export interface Holding {
  coin: string;
  /** Available plus held by open orders. */
  amount: string;
  /** Its worth in the quote coin (USDT) at the last price; null where no price is known. */
  value: string | null;
}

export interface Portfolio {
  /** Every holding's worth in the quote coin, summed; coins without a price count nothing. */
  total: string;
  /** Coins with a nonzero balance, the most valuable first. */
  holdings: Holding[];
}

const read = (text: string | undefined) =>
  (text === undefined ? null : Decimal.parseLenient(text)) ?? Decimal.fromUnits(0n, 0);

/**
 * The spot wallet as one list, from the per-market wallet answers (base and quote of each
 * market; the quote coin repeats and is counted once). A coin's worth is its amount times
 * its market's last price; the quote coin is worth itself. All exact, on Decimal.
 */
export function portfolio(
  wallets: readonly { base: WalletSide; quote: WalletSide }[],
  lastPrice: (coin: string) => string | undefined,
): Portfolio {
  const amounts = new Map<string, Decimal>();
  const quotes = new Set<string>();
  for (const { base, quote } of wallets) {
    for (const side of [base, quote]) {
      amounts.set(side.coin.toLowerCase(), read(side.available).plus(read(side.held)));
    }
    quotes.add(quote.coin.toLowerCase());
  }
  let total = Decimal.fromUnits(0n, 0);
  const holdings: (Holding & { worth: Decimal | null })[] = [];
  for (const [coin, amount] of amounts) {
    if (amount.isZero()) continue;
    const price = quotes.has(coin) ? '1' : lastPrice(coin);
    const parsed = price === undefined ? null : Decimal.parseLenient(price);
    const worth = parsed ? amount.times(parsed) : null;
    if (worth) total = total.plus(worth);
    holdings.push({ coin, amount: amount.toString(), value: worth?.toString() ?? null, worth });
  }
  holdings.sort((a, b) => {
    if (a.worth && b.worth) return b.worth.compare(a.worth);
    return a.worth ? -1 : b.worth ? 1 : a.coin.localeCompare(b.coin);
  });
  return {
    total: total.toString(),
    holdings: holdings.map(({ coin, amount, value }) => ({ coin, amount, value })),
  };
}
