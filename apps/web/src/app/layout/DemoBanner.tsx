import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../shared/platform/context.tsx';
import { DEMO_BANNER_CLASS, DEMO_BANNER_ICON } from './demo-banner.ts';

/**
 * A demo deployment says so on every page: its demo accounts' passwords are public and
 * its balances are play money, so nobody should bring a real password or real funds.
 * The first paint drew the same banner in `#root` before the app loaded; React's first
 * render replaces it in place.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const { config } = usePlatform();
  if (!config.demoMode) return null;
  return (
    <div className={DEMO_BANNER_CLASS} role="note">
      <svg
        viewBox={DEMO_BANNER_ICON.viewBox}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        {DEMO_BANNER_ICON.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
      <span>{t('layout.demoBanner', { brand: config.brand })}</span>
    </div>
  );
}
