/**
 * Display currencies and their published reference rates: units of the currency for one
 * USDT. They only convert what the pages show into a familiar currency; no price, fill or
 * balance is ever computed from them. A deployment publishes its own with COIN_RATES.
 */
export interface CoinRate {
  code: string;
  name: string;
  symbol: string;
  /** A decimal string. */
  rate: string;
}

const DEFAULT_RATES: CoinRate[] = [
  // CNY first: the seed's default display currency.
  { code: 'cny', name: 'CNY', symbol: '¥', rate: '7.10' },
  { code: 'usd', name: 'USD', symbol: '$', rate: '1' },
  { code: 'eur', name: 'EUR', symbol: '€', rate: '0.86' },
  { code: 'jpy', name: 'JPY', symbol: '¥', rate: '154' },
  { code: 'krw', name: 'KRW', symbol: '₩', rate: '1460' },
  { code: 'gbp', name: 'GBP', symbol: '£', rate: '0.76' },
  { code: 'hkd', name: 'HKD', symbol: 'HK$', rate: '7.78' },
  { code: 'twd', name: 'TWD', symbol: 'NT$', rate: '31' },
  { code: 'vnd', name: 'VND', symbol: '₫', rate: '26300' },
  { code: 'thb', name: 'THB', symbol: '฿', rate: '32.4' },
  { code: 'brl', name: 'BRL', symbol: 'R$', rate: '5.33' },
  { code: 'rub', name: 'RUB', symbol: '₽', rate: '79.5' },
  { code: 'aud', name: 'AUD', symbol: 'A$', rate: '1.54' },
  { code: 'cad', name: 'CAD', symbol: 'C$', rate: '1.40' },
  { code: 'sgd', name: 'SGD', symbol: 'S$', rate: '1.30' },
  { code: 'inr', name: 'INR', symbol: '₹', rate: '88.6' },
  { code: 'idr', name: 'IDR', symbol: 'Rp', rate: '16700' },
  { code: 'myr', name: 'MYR', symbol: 'RM', rate: '4.13' },
  { code: 'php', name: 'PHP', symbol: '₱', rate: '58.9' },
  { code: 'try', name: 'TRY', symbol: '₺', rate: '42.2' },
];

export function coinRates(override?: string): CoinRate[] {
  const rates = DEFAULT_RATES.map((r) => ({ ...r }));
  if (!override) return rates;
  for (const entry of override.split(',')) {
    const [rawCode, rate] = entry.split('=') as [string, string];
    const code = rawCode.toLowerCase();
    const known = rates.find((r) => r.code === code);
    if (known) known.rate = rate;
    else rates.push({ code, name: code.toUpperCase(), symbol: code.toUpperCase(), rate });
  }
  return rates;
}
