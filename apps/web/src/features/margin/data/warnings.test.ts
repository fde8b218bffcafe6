import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { createUserEvents } from '../../../shared/realtime/user-events.ts';
import {
  listenToMarginWarnings,
  tellMarginWarning,
  warningTradePath,
} from './warnings.ts';

describe('margin warnings', () => {
  beforeAll(async () => {
    await initI18n('en', ['margin']);
  });

  it('hears only margin warnings on the user socket', () => {
    const events = createUserEvents();
    const heard = vi.fn();
    const stop = listenToMarginWarnings(events, heard);
    events.emit({ type: 'ready' });
    events.emit({ type: 'balance', coin: 'USDT', available: '1', held: '0' });
    events.emit({ type: 'margin_warning', account: 'all', level: '1.29876543' });
    stop();
    events.emit({ type: 'margin_warning', account: 'all', level: '1.2' });
    expect(heard.mock.calls).toEqual([[{ account: 'all', level: '1.29876543' }]]);
  });

  it('says which account, at what level, and leads to its trade page', () => {
    const notify = vi.fn(() => true);
    const go = vi.fn();
    tellMarginWarning({ notify }, { account: 'btcusdt', level: '1.2984' }, go);
    tellMarginWarning({ notify }, { account: 'all', level: '1.29999999' }, go);
    expect(notify.mock.calls).toEqual([
      [
        'warning',
        'Margin level of your BTC/USDT isolated margin account is 1.29: add funds or repay to avoid liquidation at 1.1',
        { key: 'margin-warning-btcusdt', action: { label: 'Go to trade', onClick: go } },
      ],
      [
        'warning',
        'Margin level of your cross margin account is 1.29: add funds or repay to avoid liquidation at 1.1',
        { key: 'margin-warning-all', action: { label: 'Go to trade', onClick: go } },
      ],
    ]);
  });

  it("goes to an isolated account's pair, and for cross to the spot pair open now or BTC/USDT", () => {
    const elsewhere = { pathname: '/account/assets', search: '' };
    expect(warningTradePath('ethusdt', elsewhere)).toBe('/trade/index?type=spot&symbol=ethusdt');
    expect(warningTradePath('all', elsewhere)).toBe('/trade/index?type=spot&symbol=btcusdt');
    expect(warningTradePath('all', { pathname: '/trade/index', search: '?type=spot&symbol=eth' })).toBe(
      '/trade/index?type=spot&symbol=eth',
    );
    expect(warningTradePath('all', { pathname: '/trade/index', search: '?type=usta&symbol=eth' })).toBe(
      '/trade/index?type=spot&symbol=btcusdt',
    );
  });
});
