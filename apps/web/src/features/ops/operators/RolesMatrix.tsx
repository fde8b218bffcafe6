import { Button, Checkbox, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OPERATOR_PERMISSIONS,
  OPERATOR_ROLES,
  type OperatorPermission,
} from '@meridian/contract/operators';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { changedRoles, isLocked, toggle, type RoleMatrix } from './matrix.ts';
import { useRoles, useSetRolePermissions } from './queries.ts';
import ui from '../ui/ui.module.css';

function Editor({ saved }: { saved: RoleMatrix }) {
  const { t } = useTranslation('ops');
  const [draft, setDraft] = useState<RoleMatrix>(saved);
  const [modal, modalHolder] = Modal.useModal();
  const save = useSetRolePermissions();
  const changed = changedRoles(saved, draft);
  const columns: ColumnsType<{ permission: OperatorPermission }> = [
    {
      title: t('roles.permission'),
      dataIndex: 'permission',
      fixed: 'left',
      render: (p: OperatorPermission) => (
        <>
          <div>{t(`permission.${p}`)}</div>
          <div className={ui.mono + ' ' + ui.muted}>{p}</div>
        </>
      ),
    },
    ...OPERATOR_ROLES.map((role) => ({
      title: t(`role.${role}`),
      key: role,
      align: 'center' as const,
      render: (_: unknown, row: { permission: OperatorPermission }) => (
        <Checkbox
          checked={isLocked(role) || (draft[role] ?? []).includes(row.permission)}
          disabled={isLocked(role)}
          aria-label={`${t(`role.${role}`)}: ${t(`permission.${row.permission}`)}`}
          onChange={(e) => setDraft((d) => toggle(d, role, row.permission, e.target.checked))}
        />
      ),
    })),
  ];
  return (
    <>
      {modalHolder}
      <p className={ui.muted}>{t('roles.lead')}</p>
      <Table
        rowKey="permission"
        size="small"
        columns={columns}
        dataSource={OPERATOR_PERMISSIONS.map((permission) => ({ permission }))}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <div className={ui.filters} style={{ marginTop: 12 }}>
        <Button
          type="primary"
          disabled={changed.length === 0}
          loading={save.isPending}
          onClick={() =>
            void modal.confirm({
              title: t('roles.saveTitle'),
              content: t('roles.saveConfirm', {
                roles: changed.map((r) => t(`role.${r}`)).join(', '),
              }),
              okText: t('roles.save'),
              cancelText: t('common.cancel'),
              onOk: async () => {
                for (const role of changed) {
                  await save.mutateAsync({ role, permissions: [...(draft[role] ?? [])] });
                }
                notifier.notify('success', t('roles.saved'));
              },
            })
          }
        >
          {t('roles.save')}
        </Button>
        <Button disabled={changed.length === 0} onClick={() => setDraft(saved)}>
          {t('roles.discard')}
        </Button>
      </div>
    </>
  );
}

/** Roles × permissions, editable except admin (which always holds all). */
export function RolesMatrix() {
  const { t } = useTranslation('ops');
  const roles = useRoles();
  return (
    <QueryState query={roles} failedTitle={t('roles.failed')} rows={8}>
      {(data) => (
        <Editor
          // A fresh editor when the saved matrix changes (after a save), so it starts clean.
          key={JSON.stringify(data)}
          saved={Object.fromEntries(data.map((r) => [r.role, r.permissions]))}
        />
      )}
    </QueryState>
  );
}
