import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KlineInterval } from '../../data/feed.ts';
import { INTERVALS } from './useMarketPage.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import { Panel } from '../../../../shared/ui/Panel.tsx';
import { PlainSegmented } from '../../../../shared/ui/PlainSegmented.tsx';
import styles from './market-page.module.css';

const loadCanvas = () => import('./ChartCanvas.tsx');
const ChartCanvas = lazy(async () => ({ default: (await loadCanvas()).ChartCanvas }));
let canvasWanted = false;

/**
 * Whether the chart's canvas may load: from the first frame after the page has painted
 * (its box keeps its size until then, so nothing moves when the candles arrive), at once
 * once it has been asked for.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(canvasWanted);
  useEffect(() => {
    if (ready) return;
    // The task after the next frame's: the frame the page paints in goes first.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        canvasWanted = true;
        setReady(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return ready;
}

export function CandleChart({
  interval,
  onInterval,
  priceDecimals,
  fill = false,
}: {
  interval: KlineInterval;
  onInterval: (next: KlineInterval) => void;
  priceDecimals: number;
  /** Fill the parent's height (the trade page sizes the chart's row) instead of --chart-height. */
  fill?: boolean;
}) {
  const { t } = useTranslation('markets');
  const ready = useAfterFirstPaint();
  return (
    <Panel
      className={cx(styles.marketPanel, styles.chart, fill && styles.chartFill)}
      classNames={{ head: styles.panelHead, extra: styles.panelExtra, body: styles.panelBody }}
      title={t('market.detail.chart')}
      extra={
        <PlainSegmented<KlineInterval>
          aria-label={t('market.detail.interval')}
          value={interval}
          onChange={onInterval}
          // Interval codes (1m, 4h, 1M) read the same on exchanges in every language.
          options={INTERVALS.map((value) => ({ value, label: value }))}
        />
      }
    >
      <div className={styles.chartBox} aria-busy={!ready || undefined}>
        {ready ? (
          <Suspense fallback={null}>
            <ChartCanvas priceDecimals={priceDecimals} />
          </Suspense>
        ) : null}
      </div>
    </Panel>
  );
}
