/**
 * Every spot query of the signed-in user starts with this key, so one prefix reloads them.
 * A module of its own: the pages' queries use it without the user socket's code and the
 * socket messages' schemas (user-feed.ts), which only a signed-in session loads.
 */
export const SPOT_QUERY_ROOT = 'spot';
