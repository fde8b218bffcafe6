import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EarnProduct } from '@meridian/contract/calls/earn';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { ratePercent } from '../model/format.ts';
import styles from './earn.module.css';

/** Whether a product takes subscriptions now, and if not, why. */
export function ProductState({ product }: { product: EarnProduct }) {
  const { t } = useTranslation('earn');
  if (product.open) return <Tag>{t('state.open')}</Tag>;
  if (product.remaining === '0' || Number(product.progress) >= 100) {
    return <Tag>{t('state.full')}</Tag>;
  }
  return <Tag>{t('state.unfunded')}</Tag>;
}

/**
 * Every published term of a product (seed section 3: name, minimum and maximum amount,
 * lock days, progress, average income, cycle, remaining, participation limit, average
 * daily income), then its rules, generated from the same values.
 */
export function ProductTerms({ product }: { product: EarnProduct }) {
  const { t } = useTranslation('earn');
  const coin = product.coin;
  return (
    <>
      <dl className={styles.rows}>
        <dt>{t('field.dailyRate')}</dt>
        <dd>
          <Exact value={ratePercent(product.dailyRate)} unit="%" />
        </dd>
        <dt>{t('field.cycleRate')}</dt>
        <dd>
          <Exact value={ratePercent(product.cycleRate)} unit="%" />
        </dd>
        <dt>{t('field.cycle')}</dt>
        <dd>{product.cycleDays}</dd>
        <dt>{t('field.min')}</dt>
        <dd>
          <Exact value={product.minAmount} unit={coin} />
        </dd>
        <dt>{t('field.max')}</dt>
        <dd>
          <Exact value={product.maxAmount} unit={coin} />
        </dd>
        <dt>{t('field.minDaily')}</dt>
        <dd>
          <Exact value={product.minDailyIncome} unit={coin} />
        </dd>
        <dt>{t('field.limit')}</dt>
        <dd>{product.perUserLimit}</dd>
        <dt>{t('field.capacity')}</dt>
        <dd>
          <Exact value={product.capacity} unit={coin} />
        </dd>
        <dt>{t('field.remaining')}</dt>
        <dd>
          <Exact value={product.remaining} unit={coin} />
        </dd>
        <dt>{t('field.penalty')}</dt>
        <dd>
          <Exact value={ratePercent(product.penaltyRate)} unit="%" />
        </dd>
        <dt>{t('field.timeZone')}</dt>
        <dd>{product.timeZone}</dd>
      </dl>
      <Progress
        percent={Number(product.progress)}
        size="small"
        format={() => `${product.progress}%`}
        aria-label={t('field.progress')}
      />
    </>
  );
}

/** The product's rules in words, from its published values. */
export function ProductRules({ product }: { product: EarnProduct }) {
  const { t } = useTranslation('earn');
  return (
    <ul className={styles.rules}>
      <li>
        {t('rules.daily', { rate: ratePercent(product.dailyRate), timeZone: product.timeZone })}
      </li>
      <li>{t('rules.maturity', { days: product.cycleDays })}</li>
      <li>{t('rules.redeem', { rate: ratePercent(product.penaltyRate) })}</li>
      <li>{t('rules.limit', { count: product.perUserLimit })}</li>
      <li>{t('rules.funding')}</li>
      <li>{t('rules.wallet')}</li>
      {product.vipOnly ? <li>{t('rules.vip')}</li> : null}
    </ul>
  );
}
