import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { marginFunds } from '@meridian/contract/calls/margin';
import type { CallSpec } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { MarginLendingNotice } from './MarginLendingNotice.tsx';

const pool = (coin: string, savingsShare: string) => ({
  coin,
  hourlyRate: '0.00000834',
  dailyRate: '0.0002',
  yearlyRate: '0.0730584',
  lendable: '1000',
  savingsShare,
  savingsLent: '0',
  insuranceFund: '0',
});

function show(...coins: string[]) {
  const call = vi.fn(async (spec: CallSpec) =>
    spec === marginFunds ? [pool('USDT', '0.5'), pool('BTC', '0')] : undefined,
  );
  const api = Object.assign(call, { quiet: call }) as unknown as ApiCall;
  render(
    <TestProviders api={api}>
      {coins.map((coin) => (
        <MarginLendingNotice key={coin} coin={coin} />
      ))}
    </TestProviders>,
  );
  return call;
}

describe('the margin lending notice of an earn product', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['earn']);
  });
  afterEach(cleanup);

  it('says how much of the savings margin borrowers may borrow', async () => {
    show('USDT');
    const notice = await screen.findByTestId('margin-lending-notice');
    expect(notice.textContent).toContain(
      "Up to 50 % of this product's savings may be lent to margin borrowers.",
    );
  });

  it('says nothing when savings in the coin do not lend or the coin has no pool', async () => {
    show('BTC', 'ETH', 'USDT');
    // Once the pools are in (USDT's notice shows), BTC (share 0) and ETH (no pool) add none.
    await screen.findByTestId('margin-lending-notice');
    expect(screen.getAllByTestId('margin-lending-notice')).toHaveLength(1);
  });
});
