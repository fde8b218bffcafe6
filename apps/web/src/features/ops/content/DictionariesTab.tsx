import { Button, Form, Input, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictItem } from '@meridian/contract/calls/content';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useContentChanges, type DictItemInput } from './queries.ts';
import styles from './content-ops.module.css';

type Row = DictItem & { enabled: boolean };

function DictDialog({ item, onClose }: { item: Row | null; onClose: () => void }) {
  const { t } = useTranslation('content');
  const { dictItem } = useContentChanges();
  const [form] = Form.useForm<DictItemInput>();
  async function submit() {
    const v = await form.validateFields();
    try {
      await dictItem.mutateAsync(v);
      notifier.notify('success', t('ops.saved'));
      onClose();
    } catch {
      // Shown by the client in the server's words.
    }
  }
  return (
    <Modal
      open
      title={t('ops.dictTitle')}
      okText={t('ops.save')}
      cancelText={t('ops.cancel')}
      confirmLoading={dictItem.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          item ?? { dictCode: 'language', sortOrder: 0, enabled: true, remark: '', imgUrl: '' }
        }
      >
        <Form.Item
          name="dictCode"
          label={t('ops.dictCode')}
          rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{0,39}$/, message: t('ops.idRule') }]}
        >
          <Input disabled={item !== null} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="dictValue"
          label={t('ops.dictValue')}
          rules={[{ required: true, max: 64 }]}
        >
          <Input disabled={item !== null} autoComplete="off" />
        </Form.Item>
        <Form.Item name="dictText" label={t('ops.dictText')} rules={[{ required: true, max: 100 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="remark" label={t('ops.remark')}>
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="imgUrl"
          label={t('ops.imageUrl')}
          rules={[{ pattern: /^$|^\/[^/\\]|^https?:\/\/\S+$/, message: t('ops.linkRule') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('ops.position')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('ops.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function DictionariesTab({ items }: { items: Row[] }) {
  const { t } = useTranslation('content');
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  return (
    <div className={styles.tabBody}>
      <div className={styles.toolbar}>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('ops.add')}
        </Button>
      </div>
      <Table
        size="small"
        rowKey="id"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={items}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('ops.dictCode'), dataIndex: 'dictCode', key: 'code' },
          { title: t('ops.dictValue'), dataIndex: 'dictValue', key: 'value' },
          { title: t('ops.dictText'), dataIndex: 'dictText', key: 'text' },
          { title: t('ops.remark'), dataIndex: 'remark', key: 'remark' },
          {
            title: t('ops.imageUrl'),
            key: 'img',
            render: (_, d) =>
              d.imgUrl ? <img className={styles.thumb} src={d.imgUrl} alt="" /> : null,
          },
          { title: t('ops.position'), dataIndex: 'sortOrder', key: 'order', align: 'right' },
          {
            title: t('ops.enabled'),
            key: 'enabled',
            render: (_, d) => <Tag>{t(d.enabled ? 'ops.on' : 'ops.off')}</Tag>,
          },
          {
            title: '',
            key: 'edit',
            align: 'right',
            render: (_, d) => (
              <Button size="small" onClick={() => setEditing(d)}>
                {t('ops.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <DictDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
