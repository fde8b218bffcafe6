import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CUSTODY_CLASSES, opsCustody, type CustodyCoin } from '@meridian/contract/calls/custody';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { OpsApiProvider } from '../session/context.tsx';
import CustodyPage from './CustodyPage.tsx';

const zeroes = () =>
  Object.fromEntries(CUSTODY_CLASSES.map((c) => [c, '0'])) as CustodyCoin['classes'];

const COINS: CustodyCoin[] = [
  {
    coin: 'USDT',
    classes: { ...zeroes(), users: '1200.5', pendingWithdrawals: '105', custody: '-1305.5' },
    sum: '0',
    balanced: true,
    userLiabilities: '1305.5',
    custodyHeld: '1305.5',
    shortfall: '0',
    covered: true,
  },
  {
    coin: 'BTC',
    classes: { ...zeroes(), users: '2.5', custody: '-0.5', float: '-2' },
    sum: '0',
    balanced: true,
    userLiabilities: '2.5',
    custodyHeld: '0.5',
    shortfall: '2',
    covered: false,
  },
];

function show(coins: CustodyCoin[]) {
  const call = vi.fn(async (spec: unknown) =>
    spec === opsCustody ? { asOf: '2026-11-24T09:00:00.000Z', coins } : undefined,
  );
  const api = Object.assign(call, { quiet: call }) as unknown as ApiCall;
  render(
    <TestProviders api={api}>
      <OpsApiProvider api={api}>
        <CustodyPage />
      </OpsApiProvider>
    </TestProviders>,
  );
}

describe('custody page', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['ops']);
  });
  afterEach(cleanup);

  it('lists the coin custody does not cover first, saying by how much, with exact grouped figures', async () => {
    show(COINS);
    await screen.findByText('Short by 2 BTC');
    const rows = screen.getAllByRole('row').filter((r) => r.getAttribute('data-row-key'));
    expect(rows.map((r) => r.getAttribute('data-row-key'))).toEqual(['BTC', 'USDT']);
    within(rows[1]!).getByText('Covered');
    within(rows[1]!).getByText('1,200.5');
    within(rows[1]!).getByText('-1,305.5');
  });

  it('says so when there is nothing to reconcile yet', async () => {
    show([]);
    await screen.findByText('No balances yet');
  });
});
