import { symbolSchema } from '@meridian/contract/calls/market';
import { QUOTE } from '../../../markets/index.ts';

export const DEFAULT_TRADE_SYMBOL = 'btcusdt';

/**
 * The market a trade page address asks for. The seed links with the base alone (`btc`,
 * `eth`, `bnb`); a full symbol (`btcusdt`) works too. Once the listed markets are known,
 * one that is not among them is reported and replaced by BTC/USDT.
 */
export function resolveTradeSymbol(
  asked: string | null,
  listed: readonly string[] | null,
): { symbol: string; unknown: boolean } {
  if (asked === null || asked === '') return { symbol: DEFAULT_TRADE_SYMBOL, unknown: false };
  const lower = asked.toLowerCase();
  const full = lower.endsWith(QUOTE) && lower.length > QUOTE.length ? lower : `${lower}${QUOTE}`;
  const valid = symbolSchema.safeParse(full).success;
  if (!valid || (listed !== null && !listed.includes(full))) {
    return { symbol: DEFAULT_TRADE_SYMBOL, unknown: true };
  }
  return { symbol: full, unknown: false };
}

/** The only trade type this page serves; any other is replaced in the address. */
export const TRADE_TYPE = 'spot';
