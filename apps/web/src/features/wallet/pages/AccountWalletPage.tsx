import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '../../../shared/router/index.tsx';
import { TabbedPage, withContent } from '../frame/TabbedPage.tsx';
import { tabFor, WALLET_TABS, type WalletTabKey } from '../tabs.ts';

const TABS = withContent(WALLET_TABS);

/** Seed section 2: `/account/wallet/<tab>` (assets, deposit, withdrawal, histories, bills). */
export default function AccountWalletPage() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const { tab } = useParams();
  const active = tabFor(TABS, tab ?? null).key;
  return (
    <TabbedPage<WalletTabKey>
      title={t('page.wallet')}
      tabs={TABS}
      active={active}
      onChange={(key) => navigate(`/account/wallet/${key}`)}
    />
  );
}
