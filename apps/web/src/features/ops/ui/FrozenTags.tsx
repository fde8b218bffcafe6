import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import ui from './ui.module.css';

/** A user's freezes as tags: sign-in and withdrawals, or nothing when neither is frozen. */
export function FrozenTags({
  loginFrozen,
  withdrawalsFrozen,
}: {
  loginFrozen: boolean;
  withdrawalsFrozen: boolean;
}) {
  const { t } = useTranslation('ops');
  if (!loginFrozen && !withdrawalsFrozen) {
    return <span className={ui.muted}>{t('users.active')}</span>;
  }
  return (
    <>
      {loginFrozen && <Tag color="error">{t('users.freeze.login.frozen')}</Tag>}
      {withdrawalsFrozen && <Tag color="warning">{t('users.freeze.withdrawals.frozen')}</Tag>}
    </>
  );
}
