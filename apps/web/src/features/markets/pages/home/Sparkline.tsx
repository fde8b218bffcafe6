import { useQuery } from '@tanstack/react-query';
import { getKlines, type CandleData } from '@meridian/contract/calls/market';
import { compareDecimal } from '@meridian/core';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import ui from '../../../../shared/ui/market.module.css';
import styles from './home.module.css';

const WIDTH = 120;
const HEIGHT = 36;

/** The SVG path of closing prices; the extremes are found by decimal comparison, and
 * numbers are used only for the pixel positions. */
export function sparkPath(candles: CandleData[]): string {
  const closes = candles.map((c) => c.close);
  if (closes.length < 2) return '';
  const sorted = [...closes].sort(compareDecimal);
  const low = Number(sorted[0]);
  const high = Number(sorted[sorted.length - 1]);
  const span = high - low || 1;
  return closes
    .map((close, i) => {
      const x = (i / (closes.length - 1)) * WIDTH;
      const y = HEIGHT - ((Number(close) - low) / span) * (HEIGHT - 4) - 2;
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** The last 24 hours of a market as a line (hourly closes). */
export function Sparkline({ symbol }: { symbol: string }) {
  const { api } = usePlatform();
  const { data } = useQuery({
    queryKey: ['market', 'spark', symbol],
    queryFn: () =>
      api.quiet(getKlines, { params: { symbol }, query: { interval: '1h', limit: 24 } }),
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
  });
  const path = data ? sparkPath(data) : '';
  const first = data?.[0]?.close;
  const last = data?.[data.length - 1]?.close;
  const order = first !== undefined && last !== undefined ? compareDecimal(last, first) : 0;
  const direction = order > 0 ? 'up' : order < 0 ? 'down' : 'flat';
  return (
    <svg
      className={`${styles.sparkline} ${ui[direction]}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden
    >
      {path ? <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" /> : null}
    </svg>
  );
}
