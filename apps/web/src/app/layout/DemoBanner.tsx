import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../shared/platform/context.tsx';
import styles from './DemoBanner.module.css';

/**
 * A demo deployment says so on every page: its demo accounts' passwords are public and
 * its balances are play money, so nobody should bring a real password or real funds.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const { config } = usePlatform();
  if (!config.demoMode) return null;
  return (
    <div className={styles.banner} role="note">
      <ExperimentOutlined aria-hidden />
      <span>{t('layout.demoBanner', { brand: config.brand })}</span>
    </div>
  );
}
