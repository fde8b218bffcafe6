import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { testRouter } from '../../../shared/testing/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { opsDeposits, type OpsDeposit } from '@meridian/contract/calls/custody';
import { rechargeReviews } from '@meridian/contract/calls/recharges';
import type { CallSpec } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { OpsApiProvider } from '../session/context.tsx';
import { useOpsSession } from '../session/session-store.ts';
import DepositsPage from './DepositsPage.tsx';

const DEPOSIT: OpsDeposit = {
  id: 'd-1',
  userId: '10000001',
  coin: 'BTC',
  network: 'BTC',
  address: 'bc1qexample',
  txid: 'ab'.repeat(32),
  vout: 0,
  amount: '0.25',
  confirmations: 2,
  required: 2,
  status: 'credited',
  createTime: '2026-11-24T08:00:00.000Z',
  creditTime: '2026-11-24T08:20:00.000Z',
};

function show(url: string) {
  const call = vi.fn(async (spec: CallSpec, _input?: unknown) =>
    spec === opsDeposits
      ? { records: [DEPOSIT], total: 1, current: 1, size: 20 }
      : spec === rechargeReviews.list
        ? { records: [], total: 3, current: 1, size: 20 }
        : undefined,
  );
  const api = Object.assign(call, { quiet: call }) as unknown as ApiCall;
  const router = testRouter([{ path: '/ops/deposits', element: <DepositsPage /> }], url);
  render(
    <TestProviders api={api}>
      <OpsApiProvider api={api}>{router.element}</OpsApiProvider>
    </TestProviders>,
  );
  return call;
}

describe('operators’ deposits page', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['ops']);
  });
  afterEach(cleanup);

  it('asks for what its address filters by, and links each deposit to its user', async () => {
    useOpsSession.setState({ permissions: ['deposits.read'] });
    const call = show('/ops/deposits?status=credited&coin=btc&user=10000001&page=2');
    const user = await screen.findByRole('link', { name: '10000001' });
    expect(user.getAttribute('href')).toBe('/ops/users/10000001');
    expect(call).toHaveBeenCalledWith(opsDeposits, {
      query: { status: 'credited', coin: 'BTC', userId: '10000001', current: 2, size: 20 },
    });
    // Without recharges.read, no way into the recharge queue is offered.
    expect(screen.queryByText('Bank recharges waiting for review')).toBeNull();
  });

  it('leaves out a filter the address got wrong, and counts the recharges waiting', async () => {
    useOpsSession.setState({ permissions: ['deposits.read', 'recharges.read'] });
    const call = show('/ops/deposits?status=lost&user=abc');
    await screen.findByText('0.25 BTC');
    expect(call).toHaveBeenCalledWith(opsDeposits, { query: { current: 1, size: 20 } });
    const queue = await screen.findByRole('link', { name: /Bank recharges waiting for review/ });
    expect(queue.getAttribute('href')).toBe('/ops/reviews/recharge');
    await waitFor(() => expect(queue.textContent).toContain('3'));
  });
});
