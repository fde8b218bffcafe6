/**
 * Settings are kept locally in the seed's stored-entry shape
 * (`dataType`, `content`, `type`, `datetime`), one key per setting.
 */
interface StoredEntry<T> {
  dataType: string;
  content: T;
  type: 'localStorage';
  datetime: number;
}

const PREFIX = 'meridian:';

export function readSetting<T>(
  name: string,
  accept: (value: unknown) => value is T,
): T | undefined {
  try {
    const raw = window.localStorage.getItem(PREFIX + name);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as Partial<StoredEntry<unknown>>;
    return accept(entry.content) ? entry.content : undefined;
  } catch {
    return undefined;
  }
}

export function writeSetting<T>(name: string, content: T): void {
  const entry: StoredEntry<T> = {
    dataType: typeof content,
    content,
    type: 'localStorage',
    datetime: Date.now(),
  };
  try {
    window.localStorage.setItem(PREFIX + name, JSON.stringify(entry));
  } catch {
    // Private mode or a full quota: the setting lasts for this visit only.
  }
}
