import { Alert, Button, Result } from 'antd';
import { ARTICLE_KINDS, type Article, type ArticleKind } from '@meridian/contract/calls/content';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../../../shared/router/index.tsx';
import { useSettings } from '../../../shared/settings/store.ts';
import { useArticle } from '../data/queries.ts';
import { HelpShell, type Crumb } from '../widgets/HelpShell.tsx';
import { Markdown } from '../widgets/Markdown.tsx';
import { QueryBlock } from '../widgets/QueryBlock.tsx';
import { ANNOUNCEMENTS_PATH, HELP_ROOT, categoryPath, sectionPath } from '../widgets/paths.ts';
import styles from '../content.module.css';

function isKind(value: string | undefined): value is ArticleKind {
  return (ARTICLE_KINDS as readonly string[]).includes(value ?? '');
}

function crumbsOf(article: Article | undefined, kind: ArticleKind, t: (k: string) => string) {
  const crumbs: Crumb[] = [];
  if (kind === 'announcement') crumbs.push({ title: t('announcements'), to: ANNOUNCEMENTS_PATH });
  if (kind === 'faq') crumbs.push({ title: t('faqs'), to: HELP_ROOT });
  if (article?.category) {
    crumbs.push({ title: article.category.title, to: categoryPath(article.category.id) });
  }
  if (article?.section) {
    crumbs.push({ title: article.section.title, to: sectionPath(article.section.id) });
  }
  crumbs.push({ title: article?.title ?? t('article') });
  return crumbs;
}

/** One article, its Markdown rendered without raw HTML. */
export function ArticleView({ kind, id }: { kind: ArticleKind; id: string }) {
  const { t, i18n } = useTranslation('content');
  const language = useSettings((s) => s.language);
  const article = useArticle(kind, id);
  const date = new Intl.DateTimeFormat(i18n.language === 'tw' ? 'zh-TW' : i18n.language, {
    dateStyle: 'long',
  });
  if (article.isError && (article.error as { code?: number } | null)?.code === 404) {
    return (
      <HelpShell crumbs={[{ title: t('article') }]}>
        <Result
          status="404"
          title={t('notFound')}
          extra={
            <Link to={HELP_ROOT}>
              <Button type="primary">{t('back')}</Button>
            </Link>
          }
        />
      </HelpShell>
    );
  }
  return (
    <HelpShell crumbs={crumbsOf(article.data, kind, t)}>
      <QueryBlock query={article} rows={10}>
        {(a) => (
          <article className={styles.article} lang={a.lang === 'tw' ? 'zh-TW' : a.lang}>
            <h1 className={styles.articleTitle}>{a.title}</h1>
            <span className={styles.meta}>
              {t('updated', { date: date.format(new Date(a.updatedAt)) })}
            </span>
            {a.lang !== language ? (
              <Alert className={styles.fallbackNote} type="info" showIcon title={t('fallback')} />
            ) : null}
            <Markdown>{a.body}</Markdown>
          </article>
        )}
      </QueryBlock>
    </HelpShell>
  );
}

/** `/article/main/content/:type/:id`. */
export function ArticlePage() {
  const { t } = useTranslation('content');
  const { type, id = '' } = useParams();
  if (!isKind(type)) {
    return (
      <HelpShell crumbs={[{ title: t('article') }]}>
        <Result status="404" title={t('notFound')} />
      </HelpShell>
    );
  }
  return <ArticleView kind={type} id={id} />;
}

/** `/article/main/terms`: the terms of service, as the operators wrote them. */
export function TermsPage() {
  return <ArticleView kind="terms" id="terms-of-service" />;
}
