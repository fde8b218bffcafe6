import type { ArticleSummary } from '@meridian/contract/calls/content';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import styles from '../content.module.css';
import { articlePath } from './paths.ts';

/** A list of articles: title, and the summary (or a search hit's snippet) under it. */
export function ArticleLinks({
  articles,
  withText = true,
  empty,
  dated = false,
}: {
  articles: ReadonlyArray<ArticleSummary & { snippet?: string }>;
  withText?: boolean;
  empty?: string;
  dated?: boolean;
}) {
  const { t, i18n } = useTranslation('content');
  if (articles.length === 0) return <EmptyState description={empty ?? t('empty.articles')} />;
  const date = new Intl.DateTimeFormat(i18n.language === 'tw' ? 'zh-TW' : i18n.language, {
    dateStyle: 'medium',
  });
  return (
    <ul className={styles.list}>
      {articles.map((a) => (
        <li key={a.id}>
          <Link className={styles.item} to={articlePath(a.kind, a.id)}>
            <span className={styles.itemTitle}>{a.title}</span>
            {dated ? (
              <span className={styles.meta}>{date.format(new Date(a.publishedAt))}</span>
            ) : null}
            {withText ? <span className={styles.itemText}>{a.snippet ?? a.summary}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
