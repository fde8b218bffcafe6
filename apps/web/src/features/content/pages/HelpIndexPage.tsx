import { Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { featureOn, useSiteSettings } from '../../../shared/platform/site-settings.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useArticle, useHelpCentre, useNotices } from '../data/queries.ts';
import { ArticleLinks } from '../widgets/ArticleLinks.tsx';
import { HelpShell } from '../widgets/HelpShell.tsx';
import { Markdown } from '../widgets/Markdown.tsx';
import { QueryBlock } from '../widgets/QueryBlock.tsx';
import { ANNOUNCEMENTS_PATH, categoryPath, sectionPath } from '../widgets/paths.ts';
import styles from '../content.module.css';

/** `/article/main`: the categories and their sections, hot issues, the guide, FAQs, news. */
export function HelpIndexPage() {
  const { t } = useTranslation('content');
  const centre = useHelpCentre();
  const notices = useNotices(1, 5);
  const settings = useSiteSettings();
  return (
    <HelpShell crumbs={[]} title={t('helpCentre')} lead={t('lead')}>
      <QueryBlock query={centre} rows={8}>
        {(data) => (
          <div className={styles.columns}>
            <div className={styles.grid}>
              {data.categories.length === 0 ? <EmptyState description={t('empty.centre')} /> : null}
              {data.categories.map((category) => (
                <Panel
                  key={category.id}
                  title={<Link to={categoryPath(category.id)}>{category.title}</Link>}
                >
                  {category.description ? (
                    <p className={styles.lead}>{category.description}</p>
                  ) : null}
                  {category.sections.map((section) => (
                    <div key={section.id} className={styles.sectionBlock}>
                      <h2 className={styles.sectionTitle}>
                        <Link to={sectionPath(section.id)}>{section.title}</Link>
                      </h2>
                      <ArticleLinks articles={section.articles} withText={false} />
                    </div>
                  ))}
                </Panel>
              ))}
            </div>
            <div className={styles.page}>
              {featureOn(settings, 'beginnerGuide') ? (
                <Panel title={t('guide')}>
                  <ArticleLinks articles={data.guide} withText={false} />
                </Panel>
              ) : null}
              {featureOn(settings, 'hotIssues') ? (
                <Panel title={t('hot')}>
                  <ArticleLinks articles={data.hot} withText={false} />
                </Panel>
              ) : null}
              {featureOn(settings, 'announcements') ? (
                <Panel
                  title={t('announcements')}
                  extra={<Link to={ANNOUNCEMENTS_PATH}>{t('all')}</Link>}
                >
                  <QueryBlock query={notices} rows={3}>
                    {(page) => <ArticleLinks articles={page.records} withText={false} dated />}
                  </QueryBlock>
                </Panel>
              ) : null}
            </div>
          </div>
        )}
      </QueryBlock>
      <QueryBlock query={centre} rows={2}>
        {(data) =>
          data.faqs.length > 0 ? (
            <Panel title={t('faqs')}>
              <Collapse
                ghost
                items={data.faqs.map((faq) => ({
                  key: faq.id,
                  label: faq.title,
                  children: <FaqAnswer id={faq.id} />,
                }))}
              />
            </Panel>
          ) : null
        }
      </QueryBlock>
    </HelpShell>
  );
}

/** A FAQ's answer, read when it is opened. */
function FaqAnswer({ id }: { id: string }) {
  const article = useArticle('faq', id);
  return <QueryBlock query={article}>{(a) => <Markdown>{a.body}</Markdown>}</QueryBlock>;
}
