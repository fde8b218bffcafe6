import { Button, Descriptions, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { freezeKindSchema } from '@meridian/contract/calls/operators';
import type { z } from 'zod';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { ReasonDialog } from '../ui/ReasonDialog.tsx';
import { useCan } from '../session/session-store.ts';
import { useFreeze } from './queries.ts';
import { opsUserFreeze } from '@meridian/contract/calls/operators';
import ui from '../ui/ui.module.css';

type FreezeKind = z.infer<typeof freezeKindSchema>;

interface FreezeState {
  loginFrozen: boolean;
  withdrawalsFrozen: boolean;
  loginFreezeReason: string | null;
  withdrawalsFreezeReason: string | null;
}

/**
 * Sign-in and withdrawal freezes: each one's state and reason, and the way to change it,
 * behind a confirmation that says what happens and asks for the reason the audit keeps.
 */
export function FreezeControls({ userId, user }: { userId: string; user: FreezeState }) {
  const { t } = useTranslation('ops');
  const canFreeze = useCan(opsUserFreeze.permission);
  const phone = useIsPhone();
  const freeze = useFreeze(userId);
  const [asking, setAsking] = useState<{ kind: FreezeKind; frozen: boolean } | null>(null);
  const rows: { kind: FreezeKind; frozen: boolean; reason: string | null }[] = [
    { kind: 'login', frozen: user.loginFrozen, reason: user.loginFreezeReason },
    { kind: 'withdrawals', frozen: user.withdrawalsFrozen, reason: user.withdrawalsFreezeReason },
  ];
  const verb = (frozen: boolean) => (frozen ? 'freeze' : 'unfreeze');
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        layout={phone ? 'vertical' : 'horizontal'}
        bordered
        items={rows.map((row) => ({
          key: row.kind,
          label: t(`users.freeze.${row.kind}.label`),
          children: (
            <div className={ui.filters} style={{ marginBottom: 0, alignItems: 'center' }}>
              {row.frozen ? (
                <Tag color="error">{t(`users.freeze.${row.kind}.frozen`)}</Tag>
              ) : (
                <Tag color="success">{t('users.freeze.open')}</Tag>
              )}
              {row.frozen && row.reason && <span className={ui.reason}>{row.reason}</span>}
              {canFreeze && (
                <Button
                  size="small"
                  danger={!row.frozen}
                  style={{ marginInlineStart: 'auto' }}
                  onClick={() => setAsking({ kind: row.kind, frozen: !row.frozen })}
                >
                  {t(`users.freeze.${row.kind}.${verb(!row.frozen)}`)}
                </Button>
              )}
            </div>
          ),
        }))}
      />
      <ReasonDialog
        open={asking !== null}
        title={asking ? t(`users.freeze.${asking.kind}.${verb(asking.frozen)}`) : ''}
        okText={asking ? t(`users.freeze.${asking.kind}.${verb(asking.frozen)}`) : ''}
        danger={asking?.frozen ?? false}
        onClose={() => setAsking(null)}
        onConfirm={async (reason) => {
          if (!asking) return;
          await freeze.mutateAsync({ kind: asking.kind, frozen: asking.frozen, reason });
          notifier.notify('success', t('users.freeze.done'));
        }}
      >
        {asking && t(`users.freeze.${asking.kind}.${verb(asking.frozen)}Confirm`, { id: userId })}
      </ReasonDialog>
    </>
  );
}
