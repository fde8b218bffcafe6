import { Button, Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { useSession } from '../../../shared/session/store.ts';
import styles from './identity.module.css';

interface Row {
  key: string;
  title: string;
  detail: string;
  state: string | null;
  to: string;
  action: string;
}

/** Every protection of the account, its state, and where to change it. */
export function SecurityList() {
  const { t } = useTranslation('identity');
  const user = useSession((s) => s.userInfo);
  if (!user) return null;
  // The user's own account centre: their own email and phone show whole (not masked).
  const rows: Row[] = [
    {
      key: 'login-pwd',
      title: t('account.security.loginPassword'),
      detail: t('account.security.loginPasswordDetail'),
      state: null,
      to: '/account/setting/login-pwd',
      action: t('account.security.change'),
    },
    {
      key: 'trade-pwd',
      title: t('account.security.fundPassword'),
      detail: t('account.security.fundPasswordDetail'),
      state: user.fundPasswordSet ? t('account.security.on') : t('account.security.off'),
      to: '/account/setting/trade-pwd',
      action: user.fundPasswordSet ? t('account.security.change') : t('account.security.set'),
    },
    {
      key: 'google',
      title: t('account.security.google'),
      detail: t('account.security.googleDetail'),
      state: user.googleBound ? t('account.security.on') : t('account.security.off'),
      to: '/account/setting/google',
      action: user.googleBound ? t('account.security.unbind') : t('account.security.bind'),
    },
    {
      key: 'email',
      title: t('account.security.email'),
      detail: user.email ?? t('account.security.emailDetail'),
      state: user.email ? t('account.security.on') : t('account.security.off'),
      to: '/account/setting/email',
      action: user.email ? t('account.security.change') : t('account.security.bind'),
    },
    {
      key: 'phone',
      title: t('account.security.phone'),
      detail: user.phone ?? t('account.security.phoneDetail'),
      state: user.phone ? t('account.security.on') : t('account.security.off'),
      to: '/account/setting/phone',
      action: user.phone ? t('account.security.change') : t('account.security.bind'),
    },
    {
      key: 'anti-code',
      title: t('account.security.antiCode'),
      detail: t('account.security.antiCodeDetail'),
      state: user.antiPhishingCode ? t('account.security.on') : t('account.security.off'),
      to: '/account/setting/anti-code',
      action: user.antiPhishingCode ? t('account.security.change') : t('account.security.set'),
    },
  ];
  return (
    <Card title={t('account.security.title')}>
      {rows.map((row) => (
        <div key={row.key} className={styles.securityRow}>
          <div className={styles.what}>
            <strong>
              {row.title} {row.state && <Tag>{row.state}</Tag>}
            </strong>
            <span>{row.detail}</span>
          </div>
          <Link to={row.to}>
            <Button>{row.action}</Button>
          </Link>
        </div>
      ))}
    </Card>
  );
}
