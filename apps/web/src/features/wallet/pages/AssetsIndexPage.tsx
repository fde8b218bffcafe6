import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TabbedPage } from '../frame/TabbedPage.tsx';
import { ASSETS_TABS, tabFor, type AssetsTabKey } from '../tabs.ts';

/** Seed section 2: `/assets/index`, the tab chosen by `?key=`. */
export default function AssetsIndexPage() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const active = tabFor(ASSETS_TABS, params.get('key')).key;
  return (
    <TabbedPage<AssetsTabKey>
      title={t('page.assets')}
      tabs={ASSETS_TABS}
      active={active}
      onChange={(key) => setParams({ key })}
    />
  );
}
