import { useSyncExternalStore } from 'react';

/** The same width below which the layout's CSS switches to its phone rules. */
const PHONE_QUERY = '(max-width: 767px)';

/** True on a phone-sized screen now (outside React: what to fetch as the app starts). */
export function isPhoneScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on a phone-sized screen, for views whose phone form is a different structure. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
