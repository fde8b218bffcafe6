import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../../../shared/router/index.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useHelpCentre } from '../data/queries.ts';
import { ArticleLinks } from '../widgets/ArticleLinks.tsx';
import { HelpShell } from '../widgets/HelpShell.tsx';
import { QueryBlock } from '../widgets/QueryBlock.tsx';
import { sectionPath } from '../widgets/paths.ts';
import styles from '../content.module.css';

/** `/article/main/categories/:id`: a category's sections with their articles. */
export function CategoryPage() {
  const { t } = useTranslation('content');
  const { id = '' } = useParams();
  const centre = useHelpCentre();
  const category = centre.data?.categories.find((c) => c.id === id);
  return (
    <HelpShell
      crumbs={[{ title: category?.title ?? t('category') }]}
      title={category?.title}
      lead={category?.description}
    >
      <QueryBlock query={centre}>
        {() =>
          category ? (
            <div className={styles.grid}>
              {category.sections.map((section) => (
                <Panel
                  key={section.id}
                  title={<Link to={sectionPath(section.id)}>{section.title}</Link>}
                >
                  <ArticleLinks articles={section.articles} />
                </Panel>
              ))}
            </div>
          ) : (
            <EmptyState description={t('notFound')} />
          )
        }
      </QueryBlock>
    </HelpShell>
  );
}
