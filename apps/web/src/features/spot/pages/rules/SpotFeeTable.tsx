import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../markets/index.ts';
import { localizeDigits } from '@meridian/core';
import { ratePercent } from '../../data/amounts.ts';
import { useSpotMarketRules } from '../../data/public-queries.ts';
import { LoadFailed } from '../../../../shared/ui/LoadFailed.tsx';
import styles from './rules.module.css';
import ui from '../../../../shared/ui/market.module.css';
import { Amount, useNumberLocale } from '../../../../shared/ui/numbers.tsx';

/** Fees and order limits of every spot market, as the engine enforces them. */
export function SpotFeeTable() {
  const { t } = useTranslation('spot');
  const rules = useSpotMarketRules();
  const locale = useNumberLocale();
  // A fee rate is exact (0.075%), never rounded to a change's 2 decimals.
  const rate = (value: string) => `${localizeDigits(ratePercent(value), locale)}%`;
  if (rules.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  if (rules.isError)
    return <LoadFailed title={t('rules.fees.loadFailed')} onRetry={() => void rules.refetch()} />;
  return (
    <div className={styles.rulesScroll}>
      <table className={`${ui.dataTable} ${styles.rulesFees}`} data-testid="fee-table">
        <thead>
          <tr>
            <th>{t('rules.fees.market')}</th>
            <th className="num">{t('rules.fees.maker')}</th>
            <th className="num">{t('rules.fees.taker')}</th>
            <th className="num">{t('rules.fees.tick')}</th>
            <th className="num">{t('rules.fees.lot')}</th>
            <th className="num">{t('rules.fees.minValue')}</th>
            <th className="num">{t('rules.fees.band')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.data.map((m) => (
            <tr key={m.symbol} data-symbol={m.symbol}>
              <td className={styles.rulesPair}>{displayName(m.symbol)}</td>
              <td className="num">{rate(m.makerFeeRate)}</td>
              <td className="num">{rate(m.takerFeeRate)}</td>
              <td className="num">
                <Amount value={m.tickSize} />
              </td>
              <td className="num">
                <Amount value={m.lotSize} />
              </td>
              <td className="num">
                <Amount value={m.minNotional} unit={m.quote.toUpperCase()} />
              </td>
              <td className="num">±{localizeDigits(m.priceBandPercent, locale)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
