import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Descriptions, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from '../../../shared/router/index.tsx';
import type { CallData } from '@meridian/contract/define';
import type { opsUserDetail } from '@meridian/contract/calls/operators';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { UserReviews } from '../reviews/UserReviews.tsx';
import { FreezeControls } from './FreezeControls.tsx';
import { useUserDetail } from './queries.ts';
import {
  BalancesTable,
  LoginsTable,
  OrdersTable,
  PostingsTable,
  SessionsTables,
} from './UserTables.tsx';
import ui from '../ui/ui.module.css';

type Detail = CallData<typeof opsUserDetail>;

function Profile({ detail }: { detail: Detail }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const u = detail.user;
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      items={[
        { key: 'id', label: t('users.id'), children: u.id },
        { key: 'account', label: t('users.account'), children: u.account ?? '--' },
        { key: 'email', label: t('users.email'), children: u.email ?? '--' },
        {
          key: 'phone',
          label: t('users.phone'),
          children: u.phone ? `${u.areaCode ? `+${u.areaCode} ` : ''}${u.phone}` : '--',
        },
        { key: 'created', label: t('users.createdAt'), children: formatTime(u.createdAt) },
        { key: 'vip', label: t('users.vip'), children: u.vip },
        { key: 'credit', label: t('users.creditScore'), children: u.creditScore },
        { key: 'invite', label: t('users.inviteCode'), children: u.inviteCode },
        {
          key: 'inviter',
          label: t('users.inviter'),
          children: u.inviterId ? (
            <Link to={`/ops/users/${u.inviterId}`}>{u.inviterId}</Link>
          ) : (
            '--'
          ),
        },
        { key: '2fa', label: t('users.secondFactor'), children: yesNo(u.secondFactor) },
        { key: 'fund', label: t('users.fundPassword'), children: yesNo(u.fundPasswordSet) },
      ]}
    />
  );
}

const TABS = ['overview', 'balances', 'postings', 'orders', 'sessions', 'logins'] as const;
type TabKey = (typeof TABS)[number];

/** /ops/users/:id: who the user is, what they hold and did, and their freezes. */
export default function UserDetailPage() {
  const { t } = useTranslation('ops');
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((k) => k === params.get('tab')) ?? 'overview';
  const detail = useUserDetail(id);
  const frozen = detail.data?.user;
  return (
    <>
      <PageTitle
        title={
          <>
            {t('users.detailTitle', { id })}{' '}
            {frozen?.loginFrozen && <Tag color="error">{t('users.freeze.login.frozen')}</Tag>}
            {frozen?.withdrawalsFrozen && (
              <Tag color="warning">{t('users.freeze.withdrawals.frozen')}</Tag>
            )}
          </>
        }
        extra={
          <Link to="/ops/users">
            <Button icon={<ArrowLeftOutlined />}>{t('users.backToSearch')}</Button>
          </Link>
        }
      />
      <QueryState query={detail} failedTitle={t('users.failed')} rows={8}>
        {(data) => (
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams(key === 'overview' ? {} : { tab: key }, { replace: true })}
            items={[
              {
                key: 'overview',
                label: t('users.tab.overview'),
                children: (
                  <>
                    <div className={ui.section}>
                      <Profile detail={data} />
                    </div>
                    <div className={ui.section}>
                      <Panel title={t('users.freeze.title')}>
                        <FreezeControls userId={id} user={data.user} />
                      </Panel>
                    </div>
                    <div className={ui.section}>
                      <UserReviews userId={id} />
                    </div>
                  </>
                ),
              },
              {
                key: 'balances',
                label: t('users.tab.balances'),
                children: <BalancesTable userId={id} />,
              },
              {
                key: 'postings',
                label: t('users.tab.postings'),
                children: <PostingsTable userId={id} />,
              },
              {
                key: 'orders',
                label: t('users.tab.orders'),
                children: <OrdersTable userId={id} />,
              },
              {
                key: 'sessions',
                label: t('users.tab.sessions'),
                children: <SessionsTables detail={data} />,
              },
              {
                key: 'logins',
                label: t('users.tab.logins'),
                children: <LoginsTable detail={data} />,
              },
            ]}
          />
        )}
      </QueryState>
    </>
  );
}
