import { Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { ratePercent } from '../data/maths.ts';
import type { PerpKind } from '../data/kind.ts';
import { marketTitle } from '../data/market.ts';
import { useInsurance, usePerpMarkets } from '../data/queries.ts';
import { TierTable } from './SettingsDialogs.tsx';
import styles from './perps.module.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.rules}>
      <Typography.Title level={4} id={id}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

const pct = (rate: string, decimals = 4) => `${ratePercent(rate, decimals) ?? '--'} %`;

/** The sections of each kind: the shared ones and the formulas of its arithmetic. */
const FORMULAS = {
  linear: ['mark', 'funding', 'maintenance', 'liquidation', 'bankruptcy', 'adl'],
  inverse: [
    'mark',
    'inverse.value',
    'inverse.pnl',
    'funding',
    'inverse.maintenance',
    'inverse.liquidation',
    'inverse.bankruptcy',
    'adl',
  ],
} as const satisfies Record<PerpKind, readonly string[]>;

/**
 * The rules of U contracts (`linear`) or of coin-margined contracts (`inverse`), with the
 * formulas behind every figure (packages/core README): each market's contract, fees,
 * funding and tiers (in USDT, or in the coin for a coin-margined market).
 */
export function PerpRulesTab({ kind = 'linear' }: { kind?: PerpKind }) {
  const { t } = useTranslation('perps');
  const markets = usePerpMarkets();
  const funds = useInsurance();
  const formulas = FORMULAS[kind];
  const listed = markets.data?.filter((m) => m.kind === kind);
  return (
    <div data-testid={kind === 'inverse' ? 'perp-rules-inverse' : 'perp-rules'}>
      <Section id={`perp-rules-${kind}-markets`} title={t('rules.markets')}>
        {markets.isPending ? (
          <Skeleton active />
        ) : markets.isError || !listed ? (
          <LoadFailed title={t('page.failed')} onRetry={() => void markets.refetch()} />
        ) : listed.length === 0 ? (
          <EmptyState description={t('page.noMarkets')} />
        ) : (
          listed.map((market) => (
            <div key={market.symbol} style={{ marginBottom: 16 }}>
              <Typography.Title level={5}>{marketTitle(t, market.symbol, kind)}</Typography.Title>
              <p className={styles.hint}>
                {t(kind === 'inverse' ? 'rules.marketLineInverse' : 'rules.marketLine', {
                  size: market.contractSize,
                  base: market.base.toUpperCase(),
                  coin: market.marginCoin.toUpperCase(),
                  tick: market.tickSize,
                  max: market.maxLeverage,
                  maker: pct(market.makerFeeRate),
                  taker: pct(market.takerFeeRate),
                  hours: market.fundingIntervalHours,
                  interest: pct(market.interestRate),
                  clamp: pct(market.fundingClamp),
                  cap: pct(market.fundingCap),
                })}
              </p>
              <TierTable market={market} />
            </div>
          ))
        )}
      </Section>
      {formulas.map((key) => (
        <Section
          key={key}
          id={`perp-rules-${kind}-${key.replace('.', '-')}`}
          title={t(`rules.${key}.title`)}
        >
          <Typography.Paragraph>{t(`rules.${key}.text`)}</Typography.Paragraph>
          <code className={styles.formula}>{t(`rules.${key}.formula`)}</code>
        </Section>
      ))}
      <Section id={`perp-rules-${kind}-fees`} title={t('rules.fees.title')}>
        <Typography.Paragraph>
          {t(kind === 'inverse' ? 'rules.inverse.fees' : 'rules.fees.text')}
        </Typography.Paragraph>
      </Section>
      <Section id={`perp-rules-${kind}-funds`} title={t('rules.funds.title')}>
        <Typography.Paragraph>{t('rules.funds.text')}</Typography.Paragraph>
        {funds.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : funds.isError ? (
          <LoadFailed title={t('rules.funds.failed')} onRetry={() => void funds.refetch()} />
        ) : (
          <table className={styles.tiers} data-testid="perp-funds">
            <thead>
              <tr>
                <th>{t('rules.funds.coin')}</th>
                <th>{t('rules.funds.insurance')}</th>
                <th>{t('rules.funds.security')}</th>
              </tr>
            </thead>
            <tbody>
              {funds.data.map((fund) => (
                <tr key={fund.coin}>
                  <td>{fund.coin}</td>
                  <td>
                    <Exact value={fund.insuranceFund} />
                  </td>
                  <td>
                    <Exact value={fund.securityFund} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </div>
  );
}
