import { Card, Collapse, Skeleton, Tabs } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../shared/router/index.tsx';
import { FundPasswordForm } from '../widgets/FundPasswordForm.tsx';
import { LoginPasswordForm } from '../widgets/LoginPasswordForm.tsx';
import { LoginPrompt } from '../widgets/LoginPrompt.tsx';
import { ProfileOverview } from '../widgets/ProfileOverview.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { AdvancedTab, BankTab, CertifiedTab, PrimaryTab } from '../../verification/index.ts';
import { TermsArticle } from '../../content/index.ts';
import styles from '../widgets/identity.module.css';

const KEYS = [
  'all',
  'primary',
  'advanced',
  'bank',
  'tardPwd',
  'loginPwd',
  'certified',
  'termsService',
  'helper',
] as const;
type Key = (typeof KEYS)[number];
const isKey = (v: string | null): v is Key => (KEYS as readonly (string | null)[]).includes(v);

const HELP = ['q1', 'q2', 'q3', 'q4', 'q5'] as const;

function Terms() {
  const { t } = useTranslation('identity');
  return (
    <Card title={t('account.terms.title')} className={styles.docText}>
      {/* The terms operators publish in the content editor (one text for every page). */}
      <Suspense fallback={<Skeleton active />}>
        <TermsArticle />
      </Suspense>
    </Card>
  );
}

function Helper() {
  const { t } = useTranslation('identity');
  return (
    <Card title={t('account.help.title')}>
      <Collapse
        items={HELP.map((q) => ({
          key: q,
          label: t(`account.help.${q}`),
          children: <p>{t(`account.help.${q}a`)}</p>,
        }))}
      />
    </Card>
  );
}

/**
 * Seed section 2: `/user/index`, with the tab chosen by `key`. Terms and help are for
 * everyone; the account tabs ask a visitor to log in.
 */
export default function UserIndexPage() {
  const { t } = useTranslation('identity');
  const { t: tv } = useTranslation('verification');
  const [params, setParams] = useSearchParams();
  const isLogin = useSession((s) => s.isLogin);
  const requested = params.get('key');
  const key: Key = isKey(requested) ? requested : 'all';
  const needsLogin = (k: Key) => k !== 'termsService' && k !== 'helper';
  const guard = (k: Key, node: React.ReactNode) =>
    needsLogin(k) && !isLogin ? <LoginPrompt /> : node;
  return (
    <div className={styles.accountPage}>
      <Tabs
        activeKey={key}
        onChange={(next) => setParams({ key: next })}
        items={[
          {
            key: 'all',
            label: t('account.userIndex.all'),
            children: guard('all', <ProfileOverview />),
          },
          { key: 'primary', label: tv('tabs.primary'), children: guard('primary', <PrimaryTab />) },
          {
            key: 'advanced',
            label: tv('tabs.advanced'),
            children: guard('advanced', <AdvancedTab />),
          },
          { key: 'bank', label: tv('tabs.bank'), children: guard('bank', <BankTab />) },
          {
            key: 'tardPwd',
            label: t('account.userIndex.tardPwd'),
            children: guard('tardPwd', <Card>{<FundPasswordForm />}</Card>),
          },
          {
            key: 'loginPwd',
            label: t('account.userIndex.loginPwd'),
            children: guard('loginPwd', <Card>{<LoginPasswordForm />}</Card>),
          },
          {
            key: 'certified',
            label: tv('tabs.certified'),
            children: guard('certified', <CertifiedTab />),
          },
          { key: 'termsService', label: t('account.terms.title'), children: <Terms /> },
          { key: 'helper', label: t('account.help.title'), children: <Helper /> },
        ]}
      />
    </div>
  );
}
