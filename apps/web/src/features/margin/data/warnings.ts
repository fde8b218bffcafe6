import i18next from 'i18next';
import { readableLevel } from '@meridian/core';
import type { Notifier } from '../../../shared/feedback/notifier.ts';
import type { UserSocketEvent } from '../../../shared/realtime/user-events.ts';
import { displayName } from '../../markets/index.ts';

/** One margin warning of the user socket: `account` is `all` (cross) or the pair. */
export interface MarginWarning {
  account: string;
  level: string;
}

/** The margin warnings among the user socket's events (kept open by the layout). */
export function listenToMarginWarnings(
  events: { subscribe(listener: (event: UserSocketEvent) => void): () => void },
  onWarning: (warning: MarginWarning) => void,
): () => void {
  return events.subscribe((event) => {
    if (event.type === 'margin_warning') onWarning({ account: event.account, level: event.level });
  });
}

/** The pair the cross account is traded from when no trade page is open. */
const DEFAULT_PAIR = 'btcusdt';

/**
 * Where the notice's button leads: the trade page of an isolated account's pair; for the
 * cross account, the spot trade page open now, else BTC/USDT's.
 */
export function warningTradePath(
  account: string,
  here: { pathname: string; search: string },
): string {
  if (account !== 'all') return `/trade/index?type=spot&symbol=${account}`;
  const params = new URLSearchParams(here.search);
  const onSpotTrade =
    (here.pathname === '/trade/index' && (params.get('type') ?? 'spot') === 'spot') ||
    here.pathname === '/exchange/index';
  if (onSpotTrade && params.get('symbol')) {
    return `/trade/index?type=spot&symbol=${params.get('symbol')}`;
  }
  return `/trade/index?type=spot&symbol=${DEFAULT_PAIR}`;
}

/** The notice's words, in the margin namespace (loaded before it is shown). */
export function warningText(warning: MarginWarning): string {
  const account =
    warning.account === 'all'
      ? i18next.t('margin:warning.cross')
      : i18next.t('margin:warning.isolated', { pair: displayName(warning.account) });
  return i18next.t('margin:warning.notice', { account, level: readableLevel(warning.level) });
}

/**
 * Shows a warning: one notice per account at a time (a newer warning of the same account
 * replaces the one still open), with a button to the account's trade page.
 */
export function tellMarginWarning(
  target: Pick<Notifier, 'notify'>,
  warning: MarginWarning,
  go: () => void,
): boolean {
  return target.notify('warning', warningText(warning), {
    key: `margin-warning-${warning.account}`,
    action: { label: i18next.t('margin:warning.trade'), onClick: go },
  });
}
