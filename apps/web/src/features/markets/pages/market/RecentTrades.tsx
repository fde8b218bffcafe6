import styles from './market-page.module.css';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useMarketLayer } from '../../data/hooks.ts';
import { atDecimals } from '../../widgets/pad.ts';
import { useSettings } from '../../../../shared/settings/store.ts';
import { formatClock } from './clock.ts';
import { cx } from '../../../../shared/ui/cx.ts';
import ui from '../../../../shared/ui/market.module.css';
import { Amount, Price } from '../../../../shared/ui/numbers.tsx';
import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';
import { Panel } from '../../../../shared/ui/Panel.tsx';

/** Trades shown: enough to fill the column beside the book, never growing it. */
export const TRADE_ROWS = 24;

export function useRecentTrades(rows = TRADE_ROWS) {
  const { feed } = useMarketLayer();
  const trades = useStore(feed.trades.store, (s) => s.trades);
  const timezone = useSettings((s) => s.timezone);
  return { trades: trades.slice(0, rows), timezone };
}

/** The latest trades; with `onPick` a trade's price can be picked for the order form. */
export function RecentTrades({
  decimals,
  rows = TRADE_ROWS,
  onPick,
  title,
}: {
  decimals: { price: number; amount: number };
  rows?: number;
  onPick?: (price: string) => void;
  /** In place of the panel's title (the trade page puts its book/trades switch there). */
  title?: ReactNode;
}) {
  const { t } = useTranslation('markets');
  const { trades, timezone } = useRecentTrades(rows);
  const Rows = onPick ? 'div' : 'ol';
  const Row = onPick ? 'div' : 'li';
  return (
    <Panel
      title={title ?? t('market.trades.title')}
      className={styles.marketPanel}
      classNames={{ head: title ? styles.switchHead : undefined, body: styles.panelBody }}
    >
      <div className={`${styles.tradesHead} ${ui.muted}`}>
        <span>{t('market.col.price')}</span>
        <span className="num">{t('market.col.amount')}</span>
        <span className="num">{t('market.col.time')}</span>
      </div>
      {trades.length === 0 ? (
        <EmptyState description={t('market.trades.empty')} />
      ) : (
        // Pickable rows are buttons, which a list may not hold: then the rows are a group.
        <Rows className={styles.tradesList}>
          {trades.map((trade) => {
            const price = atDecimals(trade.price, decimals.price);
            const pick = () => onPick?.(price);
            return (
              <Row
                key={trade.id}
                className={cx(styles.tradeRow, onPick && styles.pickable)}
                {...(onPick
                  ? {
                      role: 'button',
                      tabIndex: 0,
                      onClick: pick,
                      onKeyDown: (event: KeyboardEvent) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          pick();
                        }
                      },
                    }
                  : {})}
              >
                <span title={t(`market.trades.${trade.direction}`)}>
                  <Price
                    value={trade.price}
                    decimals={decimals.price}
                    className={trade.direction === 'buy' ? ui.up : ui.down}
                  />
                </span>
                <Amount value={trade.amount} decimals={decimals.amount} />
                <span className={`num ${ui.muted}`}>{formatClock(trade.time, timezone)}</span>
              </Row>
            );
          })}
        </Rows>
      )}
    </Panel>
  );
}
