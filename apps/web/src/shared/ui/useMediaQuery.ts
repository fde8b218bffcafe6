import { useCallback, useSyncExternalStore } from 'react';

const canQuery = () => typeof window.matchMedia === 'function';

/** Whether a CSS media query matches now (outside React). */
export function mediaMatches(query: string): boolean {
  return canQuery() && window.matchMedia(query).matches;
}

/** Whether a CSS media query matches, following its changes. */
export function useMediaQuery(query: string): boolean {
  // One subscription per query, not one per render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canQuery()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaMatches(query),
    () => false,
  );
}
