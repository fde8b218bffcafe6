import { Button, DatePicker, Form, Input, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsBannerRow } from '@meridian/contract/calls/content';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { filled, LocalizedFields } from './LocalizedFields.tsx';
import { stateOf } from './ArticlesTab.tsx';
import { ImageUpload } from './ImageUpload.tsx';
import { useContentChanges } from './queries.ts';
import styles from './content-ops.module.css';

const LINK = /^$|^\/[^/\\]|^https?:\/\/\S+$/;

interface Values {
  id: string;
  position: number;
  titles: Record<string, string | undefined>;
  imageUrl: string;
  link: string;
  published: boolean;
  publishAt: Dayjs | null;
}

function BannerDialog({ banner, onClose }: { banner: OpsBannerRow | null; onClose: () => void }) {
  const { t } = useTranslation('content');
  const { banner: save } = useContentChanges();
  const [form] = Form.useForm<Values>();
  const linkRule = { pattern: LINK, message: t('ops.linkRule') };
  async function submit() {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        id: v.id,
        position: v.position,
        titles: filled(v.titles),
        imageUrl: v.imageUrl ?? '',
        link: v.link ?? '',
        published: v.published,
        publishAt: v.published && v.publishAt ? v.publishAt.valueOf() : null,
      });
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
      title={t('ops.bannerTitle')}
      okText={t('ops.save')}
      cancelText={t('ops.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          banner
            ? {
                ...banner,
                publishAt:
                  banner.published && !banner.visible && banner.publishAt
                    ? dayjs(banner.publishAt)
                    : null,
              }
            : { position: 0, published: false, imageUrl: '', link: '' }
        }
      >
        <Form.Item
          name="id"
          label={t('ops.id')}
          rules={[
            { required: true, pattern: /^[a-z0-9][a-z0-9-]{0,63}$/, message: t('ops.idRule') },
          ]}
        >
          <Input disabled={banner !== null} autoComplete="off" />
        </Form.Item>
        <Form.Item name="imageUrl" label={t('ops.imageUrl')} rules={[linkRule]}>
          <Input autoComplete="off" placeholder="/content/banner-help.svg" />
        </Form.Item>
        <Form.Item>
          <ImageUpload onUploaded={(url) => form.setFieldValue('imageUrl', url)} />
        </Form.Item>
        <Form.Item name="link" label={t('ops.link')} rules={[linkRule]}>
          <Input autoComplete="off" placeholder="/article/main" />
        </Form.Item>
        <Form.Item name="position" label={t('ops.position')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="published" label={t('ops.states.published')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="publishAt" label={t('ops.publishAt')}>
          <DatePicker showTime />
        </Form.Item>
        <LocalizedFields name="titles" label={t('ops.title')} />
      </Form>
    </Modal>
  );
}

export function BannersTab({ banners }: { banners: OpsBannerRow[] }) {
  const { t } = useTranslation('content');
  const [editing, setEditing] = useState<OpsBannerRow | null | 'new'>(null);
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
        pagination={false}
        dataSource={banners}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('ops.id'), dataIndex: 'id', key: 'id' },
          { title: t('ops.title'), key: 'title', render: (_, b) => b.titles.en ?? '' },
          { title: t('ops.link'), dataIndex: 'link', key: 'link' },
          { title: t('ops.position'), dataIndex: 'position', key: 'position', align: 'right' },
          {
            title: t('ops.state'),
            key: 'state',
            render: (_, b) => <Tag>{t(`ops.states.${stateOf(b)}`)}</Tag>,
          },
          {
            title: '',
            key: 'edit',
            align: 'right',
            render: (_, b) => (
              <Button size="small" onClick={() => setEditing(b)}>
                {t('ops.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <BannerDialog
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
