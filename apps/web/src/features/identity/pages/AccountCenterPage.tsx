import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../shared/router/index.tsx';
import { ApiKeys } from '../widgets/ApiKeys.tsx';
import { DeviceManagement } from '../widgets/DeviceManagement.tsx';
import { ProfileOverview } from '../widgets/ProfileOverview.tsx';
import { SecurityList } from '../widgets/SecurityList.tsx';
import styles from '../widgets/identity.module.css';
import { KycTab } from '../../verification/index.ts';

const TABS = ['info', 'security', 'device-management', 'kyc', 'api'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly (string | null)[]).includes(v);

/** Seed section 2: `/account/center` with info, security, device management and kyc (and API keys). */
export default function AccountCenterPage() {
  const { t } = useTranslation('identity');
  const { t: tv } = useTranslation('verification');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'info';
  return (
    <div className={styles.accountPage}>
      <h1>{t('account.center.title')}</h1>
      <Tabs
        activeKey={tab}
        onChange={(next) => setParams({ tab: next })}
        items={[
          { key: 'info', label: t('account.center.info'), children: <ProfileOverview /> },
          { key: 'security', label: t('account.center.security'), children: <SecurityList /> },
          {
            key: 'device-management',
            label: t('account.center.devices'),
            children: <DeviceManagement />,
          },
          { key: 'kyc', label: tv('tabs.kyc'), children: <KycTab /> },
          { key: 'api', label: t('account.center.api'), children: <ApiKeys /> },
        ]}
      />
    </div>
  );
}
