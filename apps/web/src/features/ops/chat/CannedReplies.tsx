import { Button, Drawer, Form, Input, Popconfirm } from 'antd';
import { CHAT_MAX_CHARS, type CannedReply } from '@meridian/contract/calls/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { useCan } from '../session/session-store.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { useCannedActions, useCannedReplies } from './queries.ts';
import styles from './desk.module.css';

/**
 * The support team's stock answers: everyone on the desk reads them; those with
 * `chat.manage` add, change and remove them (each change is audited by the server).
 */
export function CannedRepliesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const canManage = useCan('chat.manage');
  const replies = useCannedReplies();
  const actions = useCannedActions();
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [form] = Form.useForm<{ title: string; content: string }>();
  const phone = useIsPhone();

  const startEdit = (reply: CannedReply | 'new') => {
    setEditing(reply);
    form.setFieldsValue(reply === 'new' ? { title: '', content: '' } : reply);
  };

  async function save() {
    const values = await form.validateFields();
    try {
      await actions.save.mutateAsync({
        id: editing === 'new' || editing === null ? null : editing.id,
        ...values,
      });
      setEditing(null);
    } catch {
      // The server's words were shown; the form stays.
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('chat.canned.title')}
      size={phone ? '100%' : 560}
    >
      {canManage && editing === null && (
        <Button type="primary" onClick={() => startEdit('new')} className={styles.cannedAdd}>
          {t('chat.canned.add')}
        </Button>
      )}
      {editing !== null && (
        <Form form={form} layout="vertical" className={styles.cannedForm}>
          <Form.Item
            name="title"
            label={t('chat.canned.name')}
            rules={[
              { required: true, whitespace: true, max: 80, message: t('chat.canned.nameRule') },
            ]}
          >
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('chat.canned.content')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('chat.canned.contentRule', { max: CHAT_MAX_CHARS }),
              },
              {
                max: CHAT_MAX_CHARS,
                message: t('chat.canned.contentRule', { max: CHAT_MAX_CHARS }),
              },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              showCount
              maxLength={CHAT_MAX_CHARS}
            />
          </Form.Item>
          <div className={styles.formActions}>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={actions.save.isPending}
              onClick={() => void save().catch(() => undefined)}
            >
              {t('chat.canned.save')}
            </Button>
          </div>
        </Form>
      )}
      <QueryState query={replies} failedTitle={t('chat.failed')}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState description={t('chat.canned.none')} />
          ) : (
            <ul className={styles.cannedList}>
              {data.map((reply) => (
                <li key={reply.id}>
                  <div className={styles.cannedHead}>
                    <strong>{reply.title}</strong>
                    {canManage && (
                      <span className={styles.cannedActions}>
                        <Button size="small" onClick={() => startEdit(reply)}>
                          {t('chat.canned.edit')}
                        </Button>
                        <Popconfirm
                          title={t('chat.canned.deleteConfirm')}
                          okText={t('common.yes')}
                          cancelText={t('common.no')}
                          onConfirm={() => actions.remove.mutateAsync(reply.id)}
                        >
                          <Button size="small" danger>
                            {t('chat.canned.delete')}
                          </Button>
                        </Popconfirm>
                      </span>
                    )}
                  </div>
                  <p className={styles.cannedText}>{reply.content}</p>
                  <p className={styles.muted}>{t('chat.canned.by', { who: reply.updatedBy })}</p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Drawer>
  );
}
