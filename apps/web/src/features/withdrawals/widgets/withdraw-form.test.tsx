import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { testRouter } from '../../../shared/testing/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getBankCard, type BankCard } from '@meridian/contract/calls/verification';
import {
  assetsWithdrawal,
  withdrawalInfo,
  type WithdrawalInfo,
  type WithdrawalRule,
} from '@meridian/contract/calls/withdrawals';
import type { CallSpec } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';

// The payload is what matters here; sealing it is the seal module's own business.
vi.mock('../data/seal.ts', () => ({
  sealWithdrawal: vi.fn(async (_api: unknown, payload: unknown) => ({ opened: payload })),
}));

const rule = (network: WithdrawalRule['network'], fee: string): WithdrawalRule => ({
  coin: 'USDT',
  network,
  level: 1,
  fee,
  minAmount: '50',
  dailyLimit: '20000',
  reviewThreshold: network === 'BANK' ? '0' : '1000',
});

const INFO: WithdrawalInfo = {
  level: 1,
  fundPasswordSet: true,
  totpBound: false,
  blockedUntil: null,
  frozen: false,
  coins: [
    {
      coin: 'USDT',
      available: '1000',
      leftToday: '20000',
      networks: [rule('ERC20', '5'), rule('BANK', '2')],
    },
    {
      coin: 'BTC',
      available: '1',
      leftToday: '2',
      networks: [{ ...rule('BTC', '0.0005'), coin: 'BTC', minAmount: '0.001' }],
    },
  ],
};

const CARD: BankCard = {
  cardNumber: '**** **** **** 0123',
  bankName: 'Bank of Examples',
  bankAddress: null,
  bankCode: null,
  branch: null,
  homeAddress: null,
  createTime: '2026-11-20T08:00:00.000Z',
};

function fakeApi(card: BankCard | null) {
  const answers = new Map<CallSpec, unknown>([
    [withdrawalInfo, INFO],
    [getBankCard, card],
    [assetsWithdrawal, { state: 'review' }],
  ]);
  const call = vi.fn(async (spec: CallSpec, _input?: unknown) => answers.get(spec));
  return { call, api: Object.assign(call, { quiet: call }) as unknown as ApiCall };
}

function show(api: ApiCall) {
  const router = testRouter([{ path: '/', element: <WithdrawForm /> }]);
  render(<TestProviders api={api}>{router.element}</TestProviders>);
}

describe('withdraw form: the way', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['withdrawals']);
  });
  afterEach(cleanup);

  it('pays the bound card, masked, with the bank rule, sending the way and no address', async () => {
    const { api, call } = fakeApi(CARD);
    show(api);
    fireEvent.click(await screen.findByText('To my bank card'));
    await screen.findByText('**** **** **** 0123');
    expect(screen.queryByLabelText(/^Withdrawal address/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(/^Fund password/), { target: { value: 'Fund-pass-1' } });
    // The bank rule's fee of 2: 102 leaves the balance.
    await screen.findByText('102 USDT');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('**** **** **** 0123');
    within(dialog).getByText(/paid to your bound bank card after an operator reviews it/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(call.mock.calls.some(([spec]) => spec === assetsWithdrawal)).toBe(true),
    );
    const sent = call.mock.calls.find(([spec]) => spec === assetsWithdrawal)!;
    expect(sent[1]).toEqual({
      body: {
        opened: { way: 'bank', coin: 'USDT', amount: '100', fundPassword: 'Fund-pass-1' },
      },
    });
  });

  it('with no card bound, offers the way to bind one and sends nothing', async () => {
    const { api, call } = fakeApi(null);
    show(api);
    fireEvent.click(await screen.findByText('To my bank card'));
    await screen.findByText(/Bind a bank card first/);
    expect(screen.getByRole('link', { name: 'Bind a bank card' }).getAttribute('href')).toBe(
      '/user/index?key=bank',
    );
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(/^Fund password/), { target: { value: 'Fund-pass-1' } });
    expect(screen.getByRole('button', { name: 'Withdraw' }).hasAttribute('disabled')).toBe(true);
    expect(call.mock.calls.some(([spec]) => spec === assetsWithdrawal)).toBe(false);
  });

  it('says so when a coin has no bank rule, and keeps its address way', async () => {
    const { api } = fakeApi(CARD);
    show(api);
    const coin = await screen.findByRole('combobox', { name: 'Coin' });
    fireEvent.mouseDown(coin);
    fireEvent.click(await screen.findByTitle('BTC'));
    await screen.findByText('BTC cannot be withdrawn to a bank card');
    expect(screen.getByLabelText(/^Withdrawal address/)).toBeTruthy();
  });
});
