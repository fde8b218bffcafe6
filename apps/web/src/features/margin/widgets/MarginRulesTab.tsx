import { Skeleton, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { compareDecimal } from '@meridian/core';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { ratePercent } from '../data/level.ts';
import type { MarginFunds } from '@meridian/contract/calls/margin';
import { displayName } from '../../markets/data/symbols.ts';
import { useMarginFunds, useMarginPairs } from '../data/queries.ts';
import styles from './margin.module.css';

/** The published leverage: cross 3x; isolated 2x up to each pair's maximum. */
const CROSS_LEVERAGE = 3;
const LEVELS = [
  { key: 'warning', level: '1.3' },
  { key: 'liquidation', level: '1.1' },
  { key: 'transferOut', level: '2' },
] as const;
const right = { align: 'right' as const, className: 'num' };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.rulesSection}>
      <Typography.Title level={4} id={id}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

type RateRow = MarginFunds;

function Rates() {
  const { t } = useTranslation('margin');
  const rates = useMarginFunds();
  if (rates.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (rates.isError)
    return (
      <LoadFailed
        title={t('rules.ratesFailed')}
        onRetry={() => void rates.refetch()}
        retrying={rates.isFetching}
      />
    );
  const pct = (value: string) => <Exact value={ratePercent(value)} unit="%" />;
  return (
    <div className={styles.rulesTable}>
      <Table<RateRow>
        size="small"
        rowKey="coin"
        pagination={false}
        data-testid="margin-rates"
        dataSource={rates.data}
        locale={{ emptyText: <EmptyState description={t('rules.noRates')} /> }}
        columns={[
          { key: 'coin', title: t('rules.column.coin'), render: (_, r) => r.coin.toUpperCase() },
          {
            key: 'hourly',
            title: t('rules.column.hourly'),
            ...right,
            render: (_, r) => pct(r.hourlyRate),
          },
          {
            key: 'daily',
            title: t('rules.column.daily'),
            ...right,
            render: (_, r) => pct(r.dailyRate),
          },
          {
            key: 'yearly',
            title: t('rules.column.yearly'),
            ...right,
            render: (_, r) => pct(r.yearlyRate),
          },
          {
            key: 'lendable',
            title: t('rules.column.lendable'),
            ...right,
            render: (_, r) => <Exact value={r.lendable} />,
          },
          {
            key: 'savingsShare',
            title: t('rules.column.savingsShare'),
            ...right,
            render: (_, r) =>
              compareDecimal(r.savingsShare, '0') > 0 ? (
                pct(r.savingsShare)
              ) : (
                <span className={styles.muted}>{t('rules.notLent')}</span>
              ),
          },
          {
            key: 'savingsLent',
            title: t('rules.column.savingsLent'),
            ...right,
            render: (_, r) => <Exact value={r.savingsLent} />,
          },
          {
            key: 'insurance',
            title: t('rules.column.insuranceFund'),
            ...right,
            render: (_, r) => <Exact value={r.insuranceFund} />,
          },
        ]}
      />
    </div>
  );
}

/** `/rule/index?tab=margin`: rates per coin, leverage, levels, interest and liquidation. */
export function MarginRulesTab() {
  const { t } = useTranslation('margin');
  const pairs = useMarginPairs();
  return (
    <div data-testid="margin-rules">
      <Section id="margin-rules-rates" title={t('rules.rates')}>
        <Typography.Paragraph className={styles.muted}>{t('rules.ratesLead')}</Typography.Paragraph>
        <Typography.Paragraph className={styles.muted}>
          {t('rules.savingsLead')}
        </Typography.Paragraph>
        <Rates />
      </Section>
      <Section id="margin-rules-leverage" title={t('rules.leverage')}>
        <div className={styles.rulesTable}>
          <Table
            size="small"
            rowKey="name"
            loading={pairs.isPending}
            pagination={false}
            dataSource={[
              { name: t('rules.cross'), max: CROSS_LEVERAGE, min: CROSS_LEVERAGE },
              ...(pairs.data ?? []).map((p) => ({
                name: t('rules.isolatedPair', { pair: displayName(p.symbol) }),
                max: p.maxLeverage,
                min: 2,
              })),
            ]}
            columns={[
              { key: 'name', title: t('rules.column.account'), dataIndex: 'name' },
              {
                key: 'range',
                title: t('rules.column.leverage'),
                ...right,
                render: (_, r: { min: number; max: number }) =>
                  r.min === r.max ? `${r.max}x` : `${r.min}x – ${r.max}x`,
              },
            ]}
          />
        </div>
      </Section>
      <Section id="margin-rules-levels" title={t('rules.levels')}>
        <Typography.Paragraph className={styles.muted}>
          {t('rules.levelsLead')}
        </Typography.Paragraph>
        <dl className={styles.rulesTerms}>
          {LEVELS.map(({ key, level }) => (
            <div key={key}>
              <dt>
                {t(`rules.level.${key}.name`)} <Exact value={level} />
              </dt>
              <dd>{t(`rules.level.${key}.text`)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="margin-rules-interest" title={t('rules.interest')}>
        <Typography.Paragraph>{t('rules.interestText')}</Typography.Paragraph>
      </Section>
      <Section id="margin-rules-liquidation" title={t('rules.liquidation')}>
        <Typography.Paragraph>{t('rules.liquidationText')}</Typography.Paragraph>
      </Section>
    </div>
  );
}
