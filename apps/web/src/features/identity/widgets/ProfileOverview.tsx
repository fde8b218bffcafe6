import { CheckCircleFilled, ExclamationCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { useSession } from '../../../shared/session/store.ts';
import styles from './identity.module.css';

function Done({ ok, label, to }: { ok: boolean; label: string; to: string }) {
  const { t } = useTranslation('identity');
  return (
    <Link to={to} className={styles.checkItem}>
      {ok ? (
        <CheckCircleFilled style={{ color: 'var(--app-primary)' }} />
      ) : (
        <ExclamationCircleOutlined />
      )}{' '}
      {label}{' '}
      <span className={styles.checkState}>
        {ok ? t('account.security.on') : t('account.security.off')}
      </span>
    </Link>
  );
}

/** Who the user is and how well the account is protected, at a glance. */
export function ProfileOverview() {
  const { t } = useTranslation('identity');
  const user = useSession((s) => s.userInfo);
  const formatTime = useFormatTime();
  if (!user) return null;
  // The user's own profile shows their own email and phone whole; masking is for screens
  // others may see and for "code sent to" labels (see maskEmail in @meridian/core).
  const name = user.email ?? user.phone ?? user.account ?? user.id;
  const inviteLink = `${window.location.origin}/i&${user.inviteCode}`;
  return (
    <div className={styles.accountPage}>
      <Card>
        <div className={styles.profileHead}>
          <Avatar size={56} src={user.avatar ?? '/avatar-default.svg'} icon={<UserOutlined />} />
          <div>
            <div className={styles.profileName}>
              {name}{' '}
              {user.vip ? <Tag color="gold">VIP</Tag> : <Tag>{t('account.profile.normal')}</Tag>}
            </div>
            <div className={styles.profileUid}>
              UID <span className="num">{user.userId}</span> <CopyButton value={user.userId} />
            </div>
          </div>
        </div>
      </Card>
      <Card title={t('account.profile.details')}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('account.field.email')}>
            {user.email ? (
              user.email
            ) : (
              <Link to="/account/setting/email">{t('account.security.bind')}</Link>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.field.phone')}>
            {user.phone ? (
              user.phone
            ) : (
              <Link to="/account/setting/phone">{t('account.security.bind')}</Link>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.profile.creditScore')}>
            <span className="num">{user.creditScore}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.profile.joined')}>
            {formatTime(user.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.profile.inviteCode')}>
            <span className="num">{user.inviteCode}</span> <CopyButton value={user.inviteCode} />
          </Descriptions.Item>
          <Descriptions.Item label={t('account.profile.inviteLink')}>
            <span className={styles.secretBox}>{inviteLink}</span> <CopyButton value={inviteLink} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('account.security.title')}>
        <div className={styles.checklist}>
          <Done
            ok={user.fundPasswordSet}
            label={t('account.security.fundPassword')}
            to="/account/setting/trade-pwd"
          />
          <Done
            ok={user.googleBound}
            label={t('account.security.google')}
            to="/account/setting/google"
          />
          <Done
            ok={user.email !== null}
            label={t('account.security.email')}
            to="/account/setting/email"
          />
          <Done
            ok={user.antiPhishingCode !== null}
            label={t('account.security.antiCode')}
            to="/account/setting/anti-code"
          />
        </div>
      </Card>
    </div>
  );
}
