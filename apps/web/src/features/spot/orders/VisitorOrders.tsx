import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../../shared/router/index.tsx';
import { ButtonLink } from '../../../shared/ui/PlainButton.tsx';
import { Result } from '../../../shared/ui/Result.tsx';

/** What a visitor sees in place of orders: why it is empty, and the two ways in. */
export function VisitorOrders() {
  const { t } = useTranslation(['spot', 'common']);
  const { pathname, search } = useLocation();
  const redirect = encodeURIComponent(pathname + search);
  return (
    // Compact: the panel sits under the chart and order form, not on a page of its own.
    <Result
      compact
      icon={<LockOutlined />}
      title={t('orders.visitor.title')}
      subTitle={t('orders.visitor.lead')}
      extra={
        <>
          <ButtonLink kind="primary" to={`/user/login?redirect=${redirect}`}>
            {t('menu.login')}
          </ButtonLink>
          <ButtonLink to="/user/register">{t('menu.register')}</ButtonLink>
        </>
      }
    />
  );
}
