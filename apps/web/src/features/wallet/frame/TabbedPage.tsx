import { Select, Tabs } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import type { TabEntry } from '../tabs.ts';
import styles from './frame.module.css';

/** A registry entry with its content as a lazy component, made once per page module. */
export type LoadedTab<K extends string> = TabEntry<K> & {
  Content: LazyExoticComponent<ComponentType>;
};

/**
 * The page modules call this at their top level, so each tab's component exists once
 * and keeps its state and module across renders.
 */
export function withContent<K extends string>(tabs: readonly TabEntry<K>[]): LoadedTab<K>[] {
  return tabs.map((entry) => ({
    ...entry,
    Content: lazy(async () => ({ default: await entry.load() })),
  }));
}

function TabContent({ entry }: { entry: LoadedTab<string> }) {
  const { Content } = entry;
  return (
    <Suspense fallback={<div className={styles.pending} aria-busy="true" />}>
      <Content />
    </Suspense>
  );
}

/**
 * A page of registry tabs: each tab's module is fetched when it is first shown, its place
 * held at about a form's height meanwhile so the page does not jump. Tabs are destroyed
 * when hidden, so a tab opened again reads fresh data. On a phone, where nine tabs do not
 * fit a row, a select names the open tab instead of a tab bar that scrolls out of sight.
 */
export function TabbedPage<K extends string>({
  title,
  tabs,
  active,
  onChange,
}: {
  title: string;
  tabs: readonly LoadedTab<K>[];
  active: K;
  onChange: (key: K) => void;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const label = (entry: TabEntry) => t(entry.label, { ns: entry.namespace });
  const current = tabs.find((entry) => entry.key === active) ?? tabs[0]!;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {phone ? (
        <>
          <Select<K>
            className={styles.phoneTabs}
            aria-label={title}
            value={current.key}
            onChange={onChange}
            options={tabs.map((entry) => ({ value: entry.key, label: label(entry) }))}
          />
          <div className={styles.phoneContent}>
            <TabContent key={current.key} entry={current} />
          </div>
        </>
      ) : (
        <Tabs
          activeKey={current.key}
          onChange={(key) => onChange(key as K)}
          destroyOnHidden
          items={tabs.map((entry) => ({
            key: entry.key,
            label: label(entry),
            children: <TabContent entry={entry} />,
          }))}
        />
      )}
    </div>
  );
}
