import { Button, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import styles from './orders.module.css';

/** What a visitor sees in place of orders: why it is empty, and the two ways in. */
export function VisitorOrders() {
  const { t } = useTranslation(['spot', 'common']);
  const { pathname, search } = useLocation();
  const redirect = encodeURIComponent(pathname + search);
  return (
    <Result
      className={styles.ordersVisitor}
      icon={<LockOutlined />}
      title={t('orders.visitor.title')}
      subTitle={t('orders.visitor.lead')}
      extra={[
        <Link key="login" to={`/user/login?redirect=${redirect}`}>
          <Button type="primary">{t('menu.login')}</Button>
        </Link>,
        <Link key="register" to="/user/register">
          <Button>{t('menu.register')}</Button>
        </Link>,
      ]}
    />
  );
}
