import { useSearchParams } from '../../../shared/router/index.tsx';

/**
 * A page's filters and page number kept in its address, so a link (a dashboard card, a
 * shared URL) opens the same view and the back button undoes a filter. Changing a filter
 * goes back to page 1.
 */
export function useUrlState<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return {
    values,
    page,
    setFilters(next: Partial<Record<K, string>>) {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next) as [K, string | undefined][]) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        updated.delete('page');
        return updated;
      });
    },
    setPage(next: number) {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      });
    },
  };
}
