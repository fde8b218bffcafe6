import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../shared/router/index.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useNotices } from '../data/queries.ts';
import { ArticleLinks } from '../widgets/ArticleLinks.tsx';
import { HelpShell } from '../widgets/HelpShell.tsx';
import { QueryBlock } from '../widgets/QueryBlock.tsx';
import styles from '../content.module.css';

/** The announcement centre: published announcements, newest first. */
export function AnnouncementsPage() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const notices = useNotices(page);
  return (
    <HelpShell crumbs={[{ title: t('announcements') }]} title={t('announcements')}>
      <QueryBlock query={notices} rows={6}>
        {(data) => (
          <Panel title={t('announcementCount', { count: data.total })}>
            <ArticleLinks articles={data.records} empty={t('empty.announcements')} dated />
            {data.total > data.size ? (
              <div className={styles.pager}>
                <Pagination
                  current={data.current}
                  pageSize={data.size}
                  total={data.total}
                  showSizeChanger={false}
                  onChange={(next) => setParams({ page: String(next) })}
                />
              </div>
            ) : null}
          </Panel>
        )}
      </QueryBlock>
    </HelpShell>
  );
}
