import { Tabs } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabEntry } from '../tabs.ts';
import styles from './frame.module.css';

/** One lazy component per registry entry, made once, so switching tabs keeps its module. */
const lazyTabs = new WeakMap<TabEntry, LazyExoticComponent<ComponentType>>();
function lazyTab(entry: TabEntry) {
  let component = lazyTabs.get(entry);
  if (!component) {
    component = lazy(async () => ({ default: await entry.load() }));
    lazyTabs.set(entry, component);
  }
  return component;
}

function TabLabel({ entry }: { entry: TabEntry }) {
  const { t } = useTranslation(entry.namespace);
  return <>{t(entry.label)}</>;
}

/**
 * A page of registry tabs: each tab's module is fetched when it is first shown, its place
 * held at about a form's height meanwhile so the page does not jump. Tabs are destroyed
 * when hidden, so a tab opened again reads fresh data.
 */
export function TabbedPage<K extends string>({
  title,
  tabs,
  active,
  onChange,
}: {
  title: string;
  tabs: readonly TabEntry<K>[];
  active: K;
  onChange: (key: K) => void;
}) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <Tabs
        activeKey={active}
        onChange={(key) => onChange(key as K)}
        destroyOnHidden
        items={tabs.map((entry) => {
          const Content = lazyTab(entry);
          return {
            key: entry.key,
            label: <TabLabel entry={entry} />,
            children: (
              <Suspense fallback={<div className={styles.pending} aria-busy="true" />}>
                <Content />
              </Suspense>
            ),
          };
        })}
      />
    </div>
  );
}
