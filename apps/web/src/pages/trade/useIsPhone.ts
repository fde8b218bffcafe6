import { useSyncExternalStore } from 'react';

/** The phone layout's width limit (PRODUCT: one column up to 768 px). */
export const PHONE_QUERY = '(max-width: 768px)';

function subscribe(notify: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

/** True on a phone-sized screen; the trade page arranges one column there. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
