import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { testRouter } from '../../../shared/testing/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  opsSendWithdrawal,
  opsWithdrawalPayee,
  opsWithdrawals,
  type OpsWithdrawal,
} from '@meridian/contract/calls/withdrawals';
import type { CallSpec } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { OpsApiProvider } from '../session/context.tsx';
import { useOpsSession } from '../session/session-store.ts';
import WithdrawalsPage from './WithdrawalsPage.tsx';

const base: OpsWithdrawal = {
  id: 'w-1',
  way: 'address',
  coin: 'USDT',
  network: 'ERC20',
  address: '0x52908400098527886e0f7030069857d2e4169ee7',
  amount: '1500',
  fee: '5',
  arrival: '1500',
  state: 'review',
  txid: null,
  reason: null,
  createTime: '2026-11-24T08:00:00.000Z',
  updateTime: '2026-11-24T08:00:00.000Z',
  cancellable: true,
  userId: '10000002',
  decidedBy: null,
  reviewId: '0b6f3c58-7d59-4a3a-9a52-2f7a3f4d2e10',
};
const BANK: OpsWithdrawal = {
  ...base,
  id: 'w-2',
  way: 'bank',
  network: 'BANK',
  address: '**** **** **** 0123',
  amount: '800',
  fee: '2',
  state: 'approved',
  reviewId: '6a1d7e2c-3b4f-4c5d-8e9f-0a1b2c3d4e5f',
};

function show(records: OpsWithdrawal[]) {
  const call = vi.fn(async (spec: CallSpec, _input?: unknown) =>
    spec === opsWithdrawals
      ? { records, total: records.length, current: 1, size: 20 }
      : spec === opsSendWithdrawal
        ? { ...BANK, state: 'completed' }
        : spec === opsWithdrawalPayee
          ? {
              cardNumber: '6222021234567890123',
              bankName: 'Bank of Examples',
              bankAddress: null,
              bankCode: 'EXAMPLXX',
              branch: null,
              homeAddress: null,
              createTime: '2026-11-01T00:00:00.000Z',
            }
          : undefined,
  );
  const api = Object.assign(call, { quiet: call }) as unknown as ApiCall;
  const router = testRouter(
    [{ path: '/ops/withdrawals', element: <WithdrawalsPage /> }],
    '/ops/withdrawals',
  );
  render(
    <TestProviders api={api}>
      <OpsApiProvider api={api}>{router.element}</OpsApiProvider>
    </TestProviders>,
  );
  return call;
}

describe('operators’ withdrawals page', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['ops']);
  });
  afterEach(cleanup);

  it('sends a withdrawal under review to its queue item, with no approve of its own', async () => {
    useOpsSession.setState({ permissions: ['withdrawals.read', 'withdrawals.review'] });
    show([base]);
    const link = await screen.findByRole('link', { name: 'Open review' });
    expect(link.getAttribute('href')).toBe(`/ops/reviews/withdrawal?item=${base.reviewId}`);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('records a bank withdrawal as sent with the bank reference, not a transaction id', async () => {
    useOpsSession.setState({ permissions: ['withdrawals.read', 'withdrawals.review'] });
    const call = show([BANK]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark sent' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Bank payment reference');
    fireEvent.change(input, { target: { value: '0x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    await within(dialog).findByText('3 to 64 letters, digits, spaces or . / _ -');
    fireEvent.change(input, { target: { value: 'FT24112600123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(opsSendWithdrawal, {
        params: { id: 'w-2' },
        body: { reference: 'FT24112600123' },
      }),
    );
  });

  it('shows the whole card to pay only when asked, saying the reading is audited', async () => {
    useOpsSession.setState({ permissions: ['withdrawals.read', 'withdrawals.review'] });
    const call = show([BANK]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark sent' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Showing the whole card number is written to the audit log.');
    expect(call).not.toHaveBeenCalledWith(opsWithdrawalPayee, expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the card to pay' }));
    await within(dialog).findByText('6222021234567890123');
    within(dialog).getByText('EXAMPLXX');
    expect(within(dialog).queryByText('Branch')).toBeNull();
    expect(call).toHaveBeenCalledWith(opsWithdrawalPayee, { params: { id: 'w-2' } });
  });

  it('shows support the rows and the way into the queue, but no payment actions', async () => {
    useOpsSession.setState({ permissions: ['withdrawals.read'] });
    show([base, BANK]);
    await screen.findByRole('link', { name: 'Open review' });
    expect(screen.queryByRole('button', { name: 'Mark sent' })).toBeNull();
  });
});
