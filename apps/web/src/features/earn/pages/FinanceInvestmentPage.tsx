import { Alert, Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../../shared/router/index.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { useFinanceProducts, type Section } from '../data/queries.ts';
import { IncomeSummary } from '../widgets/IncomeSummary.tsx';
import { OrdersTable } from '../widgets/OrdersTable.tsx';
import { ProductCards } from '../widgets/ProductCards.tsx';
import styles from '../widgets/earn.module.css';

const TABS = ['benefit', 'vip', 'ordinary', 'mine'] as const;
type Tab = (typeof TABS)[number];

function SectionProducts({ section }: { section: Section }) {
  const { t } = useTranslation('earn');
  const products = useFinanceProducts(section);
  return (
    <div className={styles.form}>
      {section === 'vip' ? <Alert type="info" showIcon title={t('finance.vipNote')} /> : null}
      <ProductCards
        query={products}
        open={(p) => `/finance/detail?id=${encodeURIComponent(p.id)}`}
        emptyText={t('noProducts')}
      />
    </div>
  );
}

function Mine() {
  const { t } = useTranslation('earn');
  const navigate = useNavigate();
  const isLogin = useSession((s) => s.isLogin);
  if (!isLogin) {
    return (
      <div className={styles.form}>
        <p className={styles.muted}>{t('finance.signIn')}</p>
        <Button type="primary" onClick={() => navigate('/user/login')}>
          {t('subscribe.login')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.form}>
      <IncomeSummary />
      <OrdersTable kind="finance" />
    </div>
  );
}

/** /finance/investment: the seed's four tabs (value-added benefits, membership zone, ordinary products, my investment). */
export function FinanceInvestmentPage() {
  const { t } = useTranslation('earn');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && (TABS as readonly string[]).includes(asked) ? asked : 'benefit';
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1>{t('finance.title')}</h1>
          <p className={styles.lead}>{t('finance.lead')}</p>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={TABS.map((key) => ({
          key,
          label: t(`finance.tab.${key}`),
          children: key === 'mine' ? <Mine /> : <SectionProducts section={key} />,
        }))}
      />
      <p className={styles.muted}>{t('honest')}</p>
    </div>
  );
}
