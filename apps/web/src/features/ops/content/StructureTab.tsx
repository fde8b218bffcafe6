import { Button, Form, InputNumber, Input, Modal, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsCategoryRow, OpsSectionRow } from '@meridian/contract/calls/content';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { filled, LocalizedFields } from './LocalizedFields.tsx';
import { useContentChanges } from './queries.ts';
import styles from './content-ops.module.css';

interface Values {
  id: string;
  categoryId?: string;
  position: number;
  titles: Record<string, string | undefined>;
  descriptions?: Record<string, string | undefined>;
}

function StructureDialog({
  kind,
  initial,
  categories,
  onClose,
}: {
  kind: 'category' | 'section';
  initial: OpsCategoryRow | OpsSectionRow | null;
  categories: OpsCategoryRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const changes = useContentChanges();
  const mutation = kind === 'category' ? changes.category : changes.section;
  const [form] = Form.useForm<Values>();
  async function submit() {
    const v = await form.validateFields();
    try {
      if (kind === 'category') {
        await changes.category.mutateAsync({
          id: v.id,
          position: v.position,
          titles: filled(v.titles),
          descriptions: filled(v.descriptions),
        });
      } else {
        await changes.section.mutateAsync({
          id: v.id,
          categoryId: v.categoryId ?? '',
          position: v.position,
          titles: filled(v.titles),
        });
      }
      notifier.notify('success', t('ops.saved'));
      onClose();
    } catch {
      // Shown by the client in the server's words.
    }
  }
  return (
    <Modal
      open
      width={640}
      title={t(kind === 'category' ? 'ops.categoryTitle' : 'ops.sectionTitle')}
      okText={t('ops.save')}
      cancelText={t('ops.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial ?? { position: 0, categoryId: categories[0]?.id }}
      >
        <Form.Item
          name="id"
          label={t('ops.id')}
          rules={[
            { required: true, pattern: /^[a-z0-9][a-z0-9-]{0,63}$/, message: t('ops.idRule') },
          ]}
        >
          <Input disabled={initial !== null} autoComplete="off" />
        </Form.Item>
        {kind === 'section' ? (
          <Form.Item name="categoryId" label={t('category')} rules={[{ required: true }]}>
            <Select
              options={categories.map((c) => ({ value: c.id, label: c.titles.en ?? c.id }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="position" label={t('ops.position')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <LocalizedFields name="titles" label={t('ops.title')} />
        {kind === 'category' ? (
          <LocalizedFields name="descriptions" label={t('ops.description')} required={false} />
        ) : null}
      </Form>
    </Modal>
  );
}

export function StructureTab({
  categories,
  sections,
}: {
  categories: OpsCategoryRow[];
  sections: OpsSectionRow[];
}) {
  const { t } = useTranslation('content');
  const [editing, setEditing] = useState<{
    kind: 'category' | 'section';
    row: OpsCategoryRow | OpsSectionRow | null;
  } | null>(null);
  const title = (row: { titles: Partial<Record<string, string>> }) => row.titles.en ?? '';
  const languages = (row: { titles: Partial<Record<string, string>> }) =>
    `${Object.keys(row.titles).length} / 13`;
  const edit = (kind: 'category' | 'section', row: OpsCategoryRow | OpsSectionRow) => (
    <Button size="small" onClick={() => setEditing({ kind, row })}>
      {t('ops.edit')}
    </Button>
  );
  return (
    <div className={styles.tabBody}>
      <Panel
        title={t('ops.categories')}
        extra={
          <Button size="small" onClick={() => setEditing({ kind: 'category', row: null })}>
            {t('ops.add')}
          </Button>
        }
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={categories}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('ops.id'), dataIndex: 'id', key: 'id' },
            { title: t('ops.title'), key: 'title', render: (_, c) => title(c) },
            { title: t('ops.position'), dataIndex: 'position', key: 'position', align: 'right' },
            {
              title: t('ops.languages'),
              key: 'langs',
              align: 'right',
              render: (_, c) => languages(c),
            },
            { title: '', key: 'edit', align: 'right', render: (_, c) => edit('category', c) },
          ]}
        />
      </Panel>
      <Panel
        title={t('ops.sections')}
        extra={
          <Button
            size="small"
            disabled={categories.length === 0}
            onClick={() => setEditing({ kind: 'section', row: null })}
          >
            {t('ops.add')}
          </Button>
        }
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={sections}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('ops.id'), dataIndex: 'id', key: 'id' },
            { title: t('ops.title'), key: 'title', render: (_, s) => title(s) },
            {
              title: t('category'),
              key: 'category',
              render: (_, s) =>
                title(categories.find((c) => c.id === s.categoryId) ?? { titles: {} }),
            },
            { title: t('ops.position'), dataIndex: 'position', key: 'position', align: 'right' },
            {
              title: t('ops.languages'),
              key: 'langs',
              align: 'right',
              render: (_, s) => languages(s),
            },
            { title: '', key: 'edit', align: 'right', render: (_, s) => edit('section', s) },
          ]}
        />
      </Panel>
      {editing ? (
        <StructureDialog
          kind={editing.kind}
          initial={editing.row}
          categories={categories}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
