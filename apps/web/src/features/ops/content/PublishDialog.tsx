import { DatePicker, Modal, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsArticleRow } from '@meridian/contract/calls/content';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useContentChanges } from './queries.ts';

type Choice = 'now' | 'schedule' | 'unpublish';

/** Publishes an article now or from a time, or takes it down; readers follow at once. */
export function PublishDialog({
  article,
  onClose,
}: {
  article: OpsArticleRow;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const { publish } = useContentChanges();
  const [choice, setChoice] = useState<Choice>(article.published ? 'unpublish' : 'now');
  const [at, setAt] = useState<Dayjs | null>(
    // A scheduled article offers its time again.
    article.published && !article.visible && article.publishAt ? dayjs(article.publishAt) : null,
  );
  async function submit() {
    if (choice === 'schedule' && (!at || at.valueOf() <= Date.now())) {
      notifier.notify('error', t('ops.scheduleRule'));
      return;
    }
    try {
      await publish.mutateAsync({
        id: article.id,
        published: choice !== 'unpublish',
        publishAt: choice === 'schedule' && at ? at.valueOf() : null,
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
      title={t('ops.publishTitle', { title: article.title })}
      okText={t('ops.confirm')}
      cancelText={t('ops.cancel')}
      confirmLoading={publish.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as Choice)}>
        <Space direction="vertical">
          <Radio value="now">{t('ops.publishNow')}</Radio>
          <Radio value="schedule">{t('ops.publishAt')}</Radio>
          {choice === 'schedule' ? (
            <DatePicker
              showTime
              value={at}
              onChange={setAt}
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
              aria-label={t('ops.publishAt')}
            />
          ) : null}
          <Radio value="unpublish" disabled={!article.published}>
            {t('ops.unpublish')}
          </Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}
