import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from '../../../shared/router/index.tsx';
import { TabbedPage, withContent } from '../frame/TabbedPage.tsx';
import { ASSETS_TABS, tabFor, type AssetsTabKey } from '../tabs.ts';

const TABS = withContent(ASSETS_TABS);

/** Seed section 2: `/assets/index`, the tab chosen by `?key=`. */
export default function AssetsIndexPage() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  // The seed's `tradeOrder` key is the order centre, a page of its own.
  if (params.get('key') === 'tradeOrder') return <Navigate to="/account/entrust/spot" replace />;
  const active = tabFor(TABS, params.get('key')).key;
  return (
    <TabbedPage<AssetsTabKey>
      title={t('page.assets')}
      tabs={TABS}
      active={active}
      onChange={(key) => setParams({ key })}
    />
  );
}
