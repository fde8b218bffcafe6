import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsArticleRow } from '@meridian/contract/calls/content';
import { ArticleDialog } from './ArticleDialog.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import styles from './content-ops.module.css';

/** What readers see of an article now: a draft, scheduled, or published. */
export function stateOf(row: { published: boolean; visible: boolean }) {
  if (!row.published) return 'draft';
  return row.visible ? 'published' : 'scheduled';
}

export function ArticlesTab({
  articles,
  sections,
}: {
  articles: OpsArticleRow[];
  sections: Array<{ value: string; label: string }>;
}) {
  const { t, i18n } = useTranslation('content');
  const [editing, setEditing] = useState<string | null | 'new'>(null);
  const [publishing, setPublishing] = useState<OpsArticleRow | null>(null);
  const time = new Intl.DateTimeFormat(i18n.language === 'tw' ? 'zh-TW' : i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const sectionName = (id: string | null) => sections.find((s) => s.value === id)?.label ?? '';
  const columns: ColumnsType<OpsArticleRow> = [
    { title: t('ops.title'), dataIndex: 'title', key: 'title', ellipsis: true },
    {
      title: t('ops.kind'),
      key: 'kind',
      render: (_, a) => t(`kinds.${a.kind}`),
      filters: ['help', 'announcement', 'faq', 'terms'].map((k) => ({
        text: t(`kinds.${k}`),
        value: k,
      })),
      onFilter: (value, a) => a.kind === value,
    },
    { title: t('section'), key: 'section', render: (_, a) => sectionName(a.sectionId) },
    {
      title: t('ops.languages'),
      key: 'languages',
      align: 'right',
      render: (_, a) => <span title={a.languages.join(', ')}>{a.languages.length} / 13</span>,
    },
    {
      title: t('ops.state'),
      key: 'state',
      render: (_, a) => {
        const state = stateOf(a);
        return (
          <Space size={4} wrap>
            <Tag>{t(`ops.states.${state}`)}</Tag>
            {state === 'scheduled' && a.publishAt ? (
              <span className="tabular">{time.format(new Date(a.publishAt))}</span>
            ) : null}
            {a.hot ? <Tag>{t('hot')}</Tag> : null}
            {a.guide ? <Tag>{t('guide')}</Tag> : null}
          </Space>
        );
      },
    },
    {
      title: t('ops.updated'),
      key: 'updated',
      align: 'right',
      render: (_, a) => <span className="tabular">{time.format(new Date(a.updatedAt))}</span>,
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, a) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(a.id)}>
            {t('ops.edit')}
          </Button>
          <Button size="small" onClick={() => setPublishing(a)}>
            {t('ops.publication')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div className={styles.tabBody}>
      <div className={styles.toolbar}>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('ops.newArticle')}
        </Button>
      </div>
      <Table
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={articles}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
      />
      {editing !== null ? (
        <ArticleDialog
          id={editing === 'new' ? null : editing}
          sections={sections}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {publishing ? (
        <PublishDialog article={publishing} onClose={() => setPublishing(null)} />
      ) : null}
    </div>
  );
}
