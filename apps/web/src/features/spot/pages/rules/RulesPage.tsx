import { Card, Select, Skeleton, Tabs, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../../shared/router/index.tsx';
import { useIsPhone } from '../../../../shared/ui/useIsPhone.ts';
import { SecurityFundNote } from '../../widgets/SecurityFundNote.tsx';
import { SpotFeeTable } from './SpotFeeTable.tsx';
import styles from './rules.module.css';

/** The seed's rule tabs; the loan tab arrives with its feature. */
const TABS = ['second', 'spot', 'margin', 'usdt', 'coin'] as const;
type RuleTab = (typeof TABS)[number];

// The second-contract rules are the seconds feature's, loaded when their tab opens.
const SecondsRulesTab = lazy(async () => ({
  default: (await import('../../../seconds/index.ts')).SecondsRulesTab,
}));

// The U-contract and coin-contract rules are the perps feature's, loaded when a tab opens.
const PerpRulesTab = lazy(async () => ({
  default: (await import('../../../perps/lazy.ts')).PerpRulesTab,
}));

// The spot margin rules are the margin feature's, loaded when their tab opens.
const MarginRulesTab = lazy(async () => ({
  default: (await import('../../../margin/lazy.ts')).MarginRulesTab,
}));

const ORDER_TYPES = ['limit', 'market', 'stopLimit'] as const;
const TIME_IN_FORCE = ['gtc', 'ioc', 'fok', 'postOnly'] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.rulesSection} aria-labelledby={id}>
      <Typography.Title level={4} id={id}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function SpotRules() {
  const { t } = useTranslation('spot');
  return (
    <div>
      <Section id="rules-order-types" title={t('rules.orderTypes.title')}>
        <dl className={styles.rulesTerms}>
          {ORDER_TYPES.map((key) => (
            <div key={key}>
              <dt>{t(`rules.orderTypes.${key}.name`)}</dt>
              <dd>{t(`rules.orderTypes.${key}.text`)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="rules-tif" title={t('rules.tif.title')}>
        <dl className={styles.rulesTerms}>
          {TIME_IN_FORCE.map((key) => (
            <div key={key}>
              <dt>{t(`rules.tif.${key}.name`)}</dt>
              <dd>{t(`rules.tif.${key}.text`)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="rules-stp" title={t('rules.selfTrade.title')}>
        <Typography.Paragraph>{t('rules.selfTrade.text')}</Typography.Paragraph>
      </Section>
      <Section id="rules-fees" title={t('rules.fees.title')}>
        <Typography.Paragraph className={styles.rulesLead}>
          {t('rules.fees.lead')}
        </Typography.Paragraph>
        <SpotFeeTable />
      </Section>
      <Section id="rules-fund" title={t('fund.title')}>
        <SecurityFundNote />
      </Section>
    </div>
  );
}

/**
 * `/rule/index?tab=spot`: the published trading rules, one tab per product; on a phone the
 * products are a select (five tabs do not fit its width, and antd's overflow menu would sit
 * inside the tab list).
 */
export function RulesPage() {
  const { t } = useTranslation('spot');
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: RuleTab = TABS.find((name) => name === asked) ?? 'spot';
  const open = (key: string) => setParams({ tab: key }, { replace: true });
  const items = [
    {
      key: 'second',
      label: t('rules.tab.second'),
      children: (
        <Suspense fallback={<Skeleton active />}>
          <SecondsRulesTab />
        </Suspense>
      ),
    },
    { key: 'spot', label: t('rules.tab.spot'), children: <SpotRules /> },
    {
      key: 'margin',
      label: t('margin:rules.tab'),
      children: (
        <Suspense fallback={<Skeleton active />}>
          <MarginRulesTab />
        </Suspense>
      ),
    },
    {
      key: 'usdt',
      label: t('perps:page.rulesTab'),
      children: (
        <Suspense fallback={<Skeleton active />}>
          <PerpRulesTab kind="linear" />
        </Suspense>
      ),
    },
    {
      key: 'coin',
      label: t('perps:page.rulesTabInverse'),
      children: (
        <Suspense fallback={<Skeleton active />}>
          <PerpRulesTab kind="inverse" />
        </Suspense>
      ),
    },
  ];
  return (
    <Card className={styles.rulesPage} title={t('rules.title')}>
      {phone ? (
        <>
          <Select
            className={styles.rulesSelect}
            aria-label={t('rules.title')}
            value={tab}
            onChange={open}
            options={items.map(({ key, label }) => ({ value: key, label }))}
          />
          {items.find((item) => item.key === tab)?.children}
        </>
      ) : (
        <Tabs activeKey={tab} onChange={open} items={items} />
      )}
    </Card>
  );
}

export default RulesPage;
