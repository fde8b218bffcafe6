import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteDevice,
  getLoginDevice,
  getLoginLog,
  updateDevice,
} from '@meridian/contract/calls/member';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import styles from './identity.module.css';

const PAGE_SIZE = 15;

/** The account's devices (rename, remove = sign out there) and its login history. */
export function DeviceManagement() {
  const { t } = useTranslation(['identity', 'common']);
  const { api } = usePlatform();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);

  const devices = useQuery({ queryKey: ['devices'], queryFn: () => api(getLoginDevice) });
  const log = useQuery({
    queryKey: ['loginLog', page],
    queryFn: () => api(getLoginLog, { query: { current: page, size: PAGE_SIZE } }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['devices'] });

  const remove = useMutation({
    mutationFn: (id: string) => api(deleteDevice, { params: { id } }),
    onSuccess: () => {
      notifier.notify('success', t('account.devices.removed'));
      void refresh();
    },
  });
  const rename = useMutation({
    mutationFn: (v: { id: string; name: string }) => api(updateDevice, { body: v }),
    onSuccess: () => {
      setRenaming(null);
      notifier.notify('success', t('common.success'));
      void refresh();
    },
  });

  return (
    <div className={styles.accountPage}>
      <Card title={t('account.devices.title')}>
        <Table
          rowKey="id"
          size="small"
          loading={devices.isPending}
          dataSource={devices.data ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          columns={[
            {
              title: t('account.devices.name'),
              dataIndex: 'name',
              render: (name: string, row) => (
                <Space>
                  {name}
                  {row.current && <Tag color="blue">{t('account.devices.current')}</Tag>}
                </Space>
              ),
            },
            { title: t('account.devices.lastIp'), dataIndex: 'lastIp', className: 'num' },
            {
              title: t('account.devices.lastSeen'),
              dataIndex: 'lastSeenTime',
              render: (v: string) => formatTime(v),
            },
            {
              title: t('account.devices.sessions'),
              dataIndex: 'activeSessions',
              align: 'right',
              className: 'num',
            },
            {
              title: t('account.devices.actions'),
              key: 'actions',
              align: 'right',
              render: (_v, row) => (
                <Space>
                  <Button size="small" onClick={() => setRenaming({ id: row.id, name: row.name })}>
                    {t('account.devices.rename')}
                  </Button>
                  <Popconfirm
                    title={t(
                      row.current
                        ? 'account.devices.removeCurrent'
                        : 'account.devices.removeConfirm',
                    )}
                    okText={t('account.devices.remove')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => remove.mutate(row.id)}
                  >
                    <Button size="small" danger>
                      {t('account.devices.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('account.devices.logTitle')}>
        <Table
          rowKey="id"
          size="small"
          loading={log.isPending}
          dataSource={log.data?.records ?? []}
          scroll={{ x: 640 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: log.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: t('account.devices.time'),
              dataIndex: 'createTime',
              render: (v: string) => formatTime(v),
            },
            {
              title: t('account.devices.device'),
              dataIndex: 'deviceName',
              render: (v: string | null) => v ?? '--',
            },
            { title: 'IP', dataIndex: 'ip', className: 'num' },
            {
              title: t('account.devices.result'),
              dataIndex: 'success',
              render: (ok: boolean) =>
                ok ? t('account.devices.ok') : <Tag>{t('account.devices.failed')}</Tag>,
            },
          ]}
        />
      </Card>
      <Modal
        open={renaming !== null}
        title={t('account.devices.rename')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={rename.isPending}
        onCancel={() => setRenaming(null)}
        onOk={() =>
          renaming &&
          renaming.name.trim() &&
          rename.mutate({ ...renaming, name: renaming.name.trim() })
        }
      >
        <Input
          value={renaming?.name}
          maxLength={40}
          aria-label={t('account.devices.name')}
          onChange={(e) => renaming && setRenaming({ ...renaming, name: e.target.value })}
        />
      </Modal>
    </div>
  );
}
