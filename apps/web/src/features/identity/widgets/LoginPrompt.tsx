import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../../shared/router/index.tsx';

/** In place of account details for a visitor: one clear way forward. */
export function LoginPrompt() {
  const { t } = useTranslation('identity');
  const { pathname, search } = useLocation();
  return (
    <Result
      status="403"
      title={t('account.prompt.title')}
      subTitle={t('account.prompt.lead')}
      extra={
        <Link to={`/user/login?redirect=${encodeURIComponent(pathname + search)}`}>
          <Button type="primary">{t('account.login.title')}</Button>
        </Link>
      }
    />
  );
}
