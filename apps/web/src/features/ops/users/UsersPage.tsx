import { Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import type { CallData } from '@meridian/contract/define';
import type { opsUserSearch } from '@meridian/contract/calls/operators';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FrozenTags } from '../ui/FrozenTags.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';
import { useUrlState } from '../ui/useUrlState.ts';
import { USERS_PAGE_SIZE, useUserSearch } from './queries.ts';
import ui from '../ui/ui.module.css';
import { PagedTable } from '../ui/PagedTable.tsx';

type UserRow = CallData<typeof opsUserSearch>['records'][number];

/** /ops/users: find a user by id, account name, email or phone; each row opens the detail. */
export default function UsersPage() {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const { values, page, setFilters, setPage } = useUrlState(['q'] as const);
  const search = useUserSearch(values.q, page);
  const columns: ColumnsType<UserRow> = [
    {
      title: t('users.id'),
      dataIndex: 'id',
      render: (id: string) => <Link to={`/ops/users/${id}`}>{id}</Link>,
    },
    { title: t('users.account'), dataIndex: 'account', render: (v: string | null) => v ?? '--' },
    { title: t('users.email'), dataIndex: 'email', render: (v: string | null) => v ?? '--' },
    {
      title: t('users.phone'),
      dataIndex: 'phone',
      responsive: ['md'],
      render: (v: string | null) => v ?? '--',
    },
    {
      title: t('users.createdAt'),
      dataIndex: 'createdAt',
      responsive: ['lg'],
      render: (v: string) => <span className={ui.nowrap}>{formatTime(v)}</span>,
    },
    {
      title: t('users.status'),
      key: 'status',
      render: (_, row) => (
        <FrozenTags loginFrozen={row.loginFrozen} withdrawalsFrozen={row.withdrawalsFrozen} />
      ),
    },
  ];
  return (
    <>
      <PageTitle title={t('users.title')} />
      <div className={ui.filters}>
        <Input.Search
          defaultValue={values.q}
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.search')}
          allowClear
          enterButton
          style={{ maxWidth: 420 }}
          onSearch={(q) => setFilters({ q: q.trim() })}
        />
      </div>
      <PagedTable<UserRow>
        query={search}
        columns={columns}
        failedTitle={t('users.failed')}
        page={page}
        pageSize={USERS_PAGE_SIZE}
        onPage={setPage}
        empty={<EmptyState kind={values.q ? 'filtered' : 'none'} />}
      />
    </>
  );
}
