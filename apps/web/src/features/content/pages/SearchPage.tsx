import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../shared/router/index.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useSearch } from '../data/queries.ts';
import { ArticleLinks } from '../widgets/ArticleLinks.tsx';
import { HelpShell } from '../widgets/HelpShell.tsx';
import { QueryBlock } from '../widgets/QueryBlock.tsx';
import styles from '../content.module.css';

/** `/article/main/search?q=`: full-text results in the reader's language, or English. */
export function SearchPage() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, 100);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const results = useSearch(q, page);
  return (
    <HelpShell crumbs={[{ title: t('search.results') }]} title={t('search.results')} query={q}>
      {q.trim() === '' ? (
        <p className={styles.lead}>{t('search.hint')}</p>
      ) : (
        <QueryBlock query={results} rows={6}>
          {(data) => (
            <Panel
              title={t('search.found', { count: data.total, query: q })}
              className={styles.results}
            >
              <ArticleLinks articles={data.records} empty={t('search.none', { query: q })} />
              {data.total > data.size ? (
                <div className={styles.pager}>
                  <Pagination
                    current={data.current}
                    pageSize={data.size}
                    total={data.total}
                    showSizeChanger={false}
                    onChange={(next) => setParams({ q, page: String(next) })}
                  />
                </div>
              ) : null}
            </Panel>
          )}
        </QueryBlock>
      )}
    </HelpShell>
  );
}
