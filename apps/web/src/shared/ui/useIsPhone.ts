import { mediaMatches, useMediaQuery } from './useMediaQuery.ts';

/** The same width below which the layout's CSS switches to its phone rules. */
const PHONE_QUERY = '(max-width: 767px)';

/** True on a phone-sized screen now (outside React: what to fetch as the app starts). */
export function isPhoneScreen(): boolean {
  return mediaMatches(PHONE_QUERY);
}

/** True on a phone-sized screen, for views whose phone form is a different structure. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
