import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../ui/PageTitle.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { ArticlesTab } from './ArticlesTab.tsx';
import { BannersTab } from './BannersTab.tsx';
import { DictionariesTab } from './DictionariesTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { StructureTab } from './StructureTab.tsx';
import { useOpsContent } from './queries.ts';

/**
 * /ops/content: the help centre's articles per language with a side-by-side preview,
 * their publication (now, scheduled, withdrawn), categories and sections, banners,
 * dictionaries and the site settings. Every change is an audited call.
 */
export default function ContentPage() {
  const { t } = useTranslation('content');
  const query = useOpsContent();
  return (
    <>
      <PageTitle title={t('ops.pageTitle')} />
      <QueryState query={query} failedTitle={t('loadFailed')} rows={8}>
        {(data) => {
          const sections = data.sections.map((s) => {
            const category = data.categories.find((c) => c.id === s.categoryId);
            return {
              value: s.id,
              label: `${category?.titles.en ?? s.categoryId} › ${s.titles.en ?? s.id}`,
            };
          });
          return (
            <Tabs
              items={[
                {
                  key: 'articles',
                  label: t('ops.tabs.articles'),
                  children: <ArticlesTab articles={data.articles} sections={sections} />,
                },
                {
                  key: 'structure',
                  label: t('ops.tabs.structure'),
                  children: <StructureTab categories={data.categories} sections={data.sections} />,
                },
                {
                  key: 'banners',
                  label: t('ops.tabs.banners'),
                  children: <BannersTab banners={data.banners} />,
                },
                {
                  key: 'dictionaries',
                  label: t('ops.tabs.dictionaries'),
                  children: <DictionariesTab items={data.dictItems} />,
                },
                {
                  key: 'settings',
                  label: t('ops.tabs.settings'),
                  children: <SettingsTab settings={data.settings} />,
                },
              ]}
            />
          );
        }}
      </QueryState>
    </>
  );
}
