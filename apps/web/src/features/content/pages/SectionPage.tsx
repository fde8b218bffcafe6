import { useTranslation } from 'react-i18next';
import { useParams } from '../../../shared/router/index.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useHelpCentre } from '../data/queries.ts';
import { ArticleLinks } from '../widgets/ArticleLinks.tsx';
import { HelpShell } from '../widgets/HelpShell.tsx';
import { QueryBlock } from '../widgets/QueryBlock.tsx';
import { categoryPath } from '../widgets/paths.ts';

/** `/article/main/sections/:id`: a section's articles, under its category. */
export function SectionPage() {
  const { t } = useTranslation('content');
  const { id = '' } = useParams();
  const centre = useHelpCentre();
  const category = centre.data?.categories.find((c) => c.sections.some((s) => s.id === id));
  const section = category?.sections.find((s) => s.id === id);
  return (
    <HelpShell
      crumbs={[
        ...(category ? [{ title: category.title, to: categoryPath(category.id) }] : []),
        { title: section?.title ?? t('section') },
      ]}
      title={section?.title}
    >
      <QueryBlock query={centre}>
        {() =>
          section ? (
            <Panel title={section.title}>
              <ArticleLinks articles={section.articles} />
            </Panel>
          ) : (
            <EmptyState description={t('notFound')} />
          )
        }
      </QueryBlock>
    </HelpShell>
  );
}
