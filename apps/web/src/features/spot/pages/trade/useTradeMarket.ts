import { useEffect, useMemo } from 'react';
import { useSearchParams } from '../../../../shared/router/index.tsx';
import { klineIntervalSchema } from '@meridian/contract/calls/market';
import {
  type KlineInterval,
  useLiveTickers,
  useMarketLayer,
  useMarketRows,
  useSeedTickers,
  displayName,
  pairOf,
  rowSymbol,
} from '../../../markets/index.ts';
import { useSpotMarketRules } from '../../data/public-queries.ts';
import { Decimal, type MarketMaths } from '@meridian/core';
import { resolveTradeSymbol, TRADE_TYPE } from './trade-symbol.ts';

/** Decimals a tick or lot needs ("0.0100" -> 2); the rules hold plain decimals. */
const stepDecimals = (step: string) => Decimal.parse(step)?.decimalPlaces() ?? 0;

/**
 * The market a trade page shows: from the address (`type`, `symbol`, `interval`), with
 * its rules and decimals, and the live channels open while the page is.
 */
export function useTradeMarket({ typeInQuery = true }: { typeInQuery?: boolean } = {}) {
  const { feed } = useMarketLayer();
  const [params, setParams] = useSearchParams();
  const type = params.get('type');

  useLiveTickers();
  useSeedTickers('spot');
  const spot = useMarketRows('spot');
  const rules = useSpotMarketRules();
  const listed = useMemo(() => (spot.data ? spot.data.map(rowSymbol) : null), [spot.data]);
  const { symbol, unknown } = resolveTradeSymbol(params.get('symbol'), listed);
  const parsedInterval = klineIntervalSchema.safeParse(params.get('interval'));
  const interval: KlineInterval = parsedInterval.success ? parsedInterval.data : '1m';

  // Only spot trades here: any other type is rewritten in the address, not kept.
  useEffect(() => {
    if (typeInQuery && type !== TRADE_TYPE) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('type', TRADE_TYPE);
          return next;
        },
        { replace: true },
      );
    }
  }, [typeInQuery, type, setParams]);

  useEffect(() => feed.watchMarket(symbol, interval), [feed, symbol, interval]);

  const row = spot.data?.find((m) => rowSymbol(m) === symbol);
  const rule = rules.data?.find((r) => r.symbol === symbol);
  const maths: MarketMaths = {
    priceDecimals: rule ? stepDecimals(rule.tickSize) : (row?.part_cou ?? 2),
    quantityDecimals: rule ? stepDecimals(rule.lotSize) : (row?.full_cou ?? 4),
    lotSize: rule?.lotSize ?? null,
    minNotional: rule?.minNotional ?? null,
    makerFeeRate: rule?.makerFeeRate ?? null,
    takerFeeRate: rule?.takerFeeRate ?? null,
  };
  const tick =
    rule?.tickSize ??
    (maths.priceDecimals > 0 ? `0.${'1'.padStart(maths.priceDecimals, '0')}` : '1');
  const [base, quote] = pairOf(symbol);

  const update = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) next.set(key, value);
      return next;
    });

  return {
    symbol,
    base,
    quote,
    unknown,
    interval,
    name: row?.symbol_name ?? displayName(symbol),
    rows: spot.data ?? [],
    maths,
    tick,
    /** The market list's last price; live prices are read where they are shown, so a
     * tick re-renders those parts and not the whole page. */
    listedPrice: row?.close ?? null,
    /** Operators paused trading: the order form says so and sends nothing. */
    paused: rule?.state === 'paused',
    setSymbol: (next: string) => update({ symbol: next }),
    setInterval: (next: KlineInterval) => update({ interval: next }),
  };
}

export type TradeMarket = ReturnType<typeof useTradeMarket>;
