import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  getDepositAddress,
  getRechargeCurrency,
  getRechargeLog,
} from '@meridian/contract/calls/deposits';
import {
  getRechargeBanks,
  rechargeSubmit,
  type RechargeBank,
} from '@meridian/contract/calls/recharges';
import { uploadFile } from '@meridian/contract/calls/verification';
import type { CallSpec } from '@meridian/contract/define';
import { ApiError, type ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { RechargeWays } from './RechargeWays.tsx';

const BANK: RechargeBank = {
  coin: 'USDT',
  decimals: 6,
  bankName: 'Demo Bank (not a real account)',
  accountName: 'Meridian Demo Ltd',
  accountNumber: 'DEMO 0000 0000 0000',
  swift: 'DEMOXXXX',
  note: 'Demo details: do not send real money.',
  minAmount: '10',
  maxAmount: '100000',
};
const ORDER = {
  id: 'r-1',
  orderNo: 'BR2026112212345678',
  coin: 'USDT',
  amount: '250.5',
  status: 'review',
  reason: null,
  createTime: '2026-11-22T08:00:00.000Z',
  decideTime: null,
  creditTime: null,
};

/** An API answering the recharge calls; the upload answers as `upload` says. */
function fakeApi(banks: RechargeBank[], upload: () => Promise<unknown>) {
  const answers = new Map<CallSpec, unknown>([
    [getRechargeBanks, banks],
    [getRechargeCurrency, []],
    [getDepositAddress, null],
    [getRechargeLog, { list: [], total: 0, page: 1, size: 5 }],
    [rechargeSubmit, ORDER],
  ]);
  const call = vi.fn(async (spec: CallSpec) =>
    spec === uploadFile ? upload() : answers.get(spec),
  );
  return { call, api: Object.assign(call, { quiet: call }) as unknown as ApiCall };
}

const screenshot = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pay.png', { type: 'image/png' });

async function openBankWay(api: ApiCall) {
  render(
    <TestProviders api={api}>
      <RechargeWays />
    </TestProviders>,
  );
  fireEvent.click(await screen.findByText('Bank transfer'));
  await screen.findByTestId('bank-accountNumber');
}

describe('bank recharge form', () => {
  beforeAll(async () => {
    installDomShims();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    await initI18n('en', ['deposits']);
  });
  afterEach(cleanup);

  it('offers no bank way when no coin has bank details', async () => {
    const { api, call } = fakeApi([], async () => ({}));
    render(
      <TestProviders api={api}>
        <RechargeWays />
      </TestProviders>,
    );
    await waitFor(() => expect(call).toHaveBeenCalledWith(getRechargeBanks));
    expect(await screen.findByText('No coin takes deposits right now')).toBeTruthy();
    expect(screen.queryByText('Bank transfer')).toBeNull();
  });

  it('shows where to pay with copy buttons, and the amount rules before sending', async () => {
    const { api, call } = fakeApi([BANK], async () => ({ id: 'f-1' }));
    await openBankWay(api);
    expect(screen.getByTestId('bank-accountNumber').textContent).toBe('DEMO 0000 0000 0000');
    expect(screen.getByTestId('bank-swift').textContent).toBe('DEMOXXXX');
    expect(screen.getByRole('button', { name: 'Copy Account number' })).toBeTruthy();
    expect(screen.getByText('Demo details: do not send real money.')).toBeTruthy();

    const amount = screen.getByLabelText('Recharge quantity');
    fireEvent.change(amount, { target: { value: '5' } });
    expect(screen.getByText('The smallest bank recharge is 10 USDT')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '20.12345678' } });
    // Kept to the coin's six decimals as typed.
    expect((amount as HTMLInputElement).value).toBe('20.123456');
    fireEvent.change(amount, { target: { value: '0' } });
    expect(screen.getByText('The amount must be greater than zero')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '250.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit recharge' }));
    expect(screen.getByText('Upload the payment screenshot')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith(rechargeSubmit, expect.anything(), expect.anything());
  });

  it('says clearly when the screenshot upload failed', async () => {
    const refused = new ApiError(
      400,
      'Only JPEG, PNG or WebP images are accepted',
      null,
      'uploadTypeRefused',
    );
    const { api } = fakeApi([BANK], async () => {
      throw refused;
    });
    await openBankWay(api);
    fireEvent.change(screen.getByTestId('payment-screenshot'), {
      target: { files: [screenshot()] },
    });
    expect(
      await screen.findByText('Upload failed: Only JPEG, PNG or WebP images are accepted'),
    ).toBeTruthy();
  });

  it('sends nothing until the confirmation, then one order with an Idempotency-Key', async () => {
    const { api, call } = fakeApi([BANK], async () => ({ id: 'f-1' }));
    await openBankWay(api);
    fireEvent.change(screen.getByLabelText('Recharge quantity'), { target: { value: '250.5' } });
    fireEvent.change(screen.getByTestId('payment-screenshot'), {
      target: { files: [screenshot()] },
    });
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Payment screenshot' }).getAttribute('src')).toBe(
      'blob:preview',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit recharge' }));
    expect(await screen.findByText('Submit this recharge?')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith(rechargeSubmit, expect.anything(), expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        rechargeSubmit,
        { body: { coin: 'USDT', amount: '250.5', screenshotId: 'f-1' } },
        { headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) } },
      ),
    );
    expect(await screen.findByTestId('recharge-order-no')).toBeTruthy();
    expect(screen.getByTestId('recharge-order-no').textContent).toBe('BR2026112212345678');
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(call.mock.calls.filter(([spec]) => spec === rechargeSubmit)).toHaveLength(1);
  });
});
