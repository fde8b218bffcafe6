import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import styles from './identity.module.css';

/** A security setting page: its title, a way back to the list, and the form. */
export function SettingFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('identity');
  return (
    <div className={styles.accountPage}>
      <Link to="/account/center?tab=security">
        <ArrowLeftOutlined /> {t('account.security.back')}
      </Link>
      <h1>{title}</h1>
      <Card>{children}</Card>
    </div>
  );
}
