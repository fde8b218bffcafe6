import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

/**
 * Tabs drawn as antd's, without antd (the quotes page shows them on its first screen): a
 * tab list with one tab in the Tab order, the arrow keys, Home and End moving between
 * tabs and choosing them, and the chosen tab's panel.
 */
export function PlainTabs<K extends string>({
  activeKey,
  items,
  onChange,
  children,
}: {
  activeKey: K;
  items: readonly { key: K; label: ReactNode }[];
  onChange: (key: K) => void;
  /** The chosen tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${id}-tab-${key}`;
  const choose = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onChange(item.key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(item.key))}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = items.findIndex((item) => item.key === activeKey);
    const next =
      event.key === 'ArrowRight'
        ? current + 1
        : event.key === 'ArrowLeft'
          ? current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };
  return (
    <>
      <div className={styles.list} role="tablist" ref={list} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === activeKey;
          return (
            <button
              key={item.key}
              id={tabId(item.key)}
              type="button"
              role="tab"
              className={styles.tab}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(activeKey)}>
        {children}
      </div>
    </>
  );
}
