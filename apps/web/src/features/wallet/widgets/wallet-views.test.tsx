import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../../shared/testing/router.tsx';
import {
  getCurrencyAccount,
  getWalletAccount,
  transferFunds,
  type WalletAccount,
  type WalletCoin,
} from '@meridian/contract/calls/wallet';
import type { CallSpec } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { testUser } from '../../../shared/session/test-user.ts';
import { useSettings } from '../../../shared/settings/store.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { OverviewTab } from './overview/tabs.tsx';
import { TransferTab } from './transfer/TransferTab.tsx';

const coin = (code: string, available: string, valueUsdt: string | null): WalletCoin => ({
  coin: code,
  available,
  held: '0',
  amount: available,
  price: valueUsdt === null ? null : '1',
  valueUsdt,
  value: valueUsdt,
});

const ACCOUNT: WalletAccount = {
  type: '0',
  currency: { code: 'CNY', symbol: '¥', rate: '7.1' },
  totalUsdt: '150.5',
  total: '1068.55',
  wallets: [
    {
      type: '1',
      coins: [coin('USDT', '100.5', '100.5'), coin('ETH', '0', '0')],
      totalUsdt: '100.5',
      total: '713.55',
    },
    {
      type: '2',
      coins: [coin('USDT', '50', '50'), coin('ETH', '0', '0')],
      totalUsdt: '50',
      total: '355',
    },
    {
      type: '3',
      coins: [coin('USDT', '0', '0'), coin('ETH', '0', '0')],
      totalUsdt: '0',
      total: '0',
    },
  ],
};

const USDT_ACCOUNT = {
  coin: 'USDT',
  decimals: 6,
  price: '1',
  accounts: [
    { type: '1', available: '100.5', held: '0' },
    { type: '2', available: '50', held: '0' },
    { type: '3', available: '0', held: '0' },
  ],
};

function fakeApi() {
  const answers = new Map<CallSpec, unknown>([
    [getWalletAccount, ACCOUNT],
    [getCurrencyAccount, USDT_ACCOUNT],
    [
      transferFunds,
      {
        id: 'ref',
        coin: 'USDT',
        from: '1',
        to: '2',
        amount: '100',
        time: 1,
        balances: [],
      },
    ],
  ]);
  const call = vi.fn(async (spec: CallSpec, ..._rest: unknown[]) => answers.get(spec));
  return { call, api: Object.assign(call, { quiet: call }) as unknown as ApiCall };
}

function show(node: React.ReactNode, api: ApiCall, path = '/assets/index?key=transfer') {
  return render(
    <TestProviders api={api}>
      <MemoryRouter entry={path}>{node}</MemoryRouter>
    </TestProviders>,
  );
}

describe('wallet views', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['wallet']);
  });
  beforeEach(() => {
    useSession.getState().signIn({
      token: 'tok',
      refreshToken: 'r',
      issuedAt: '2026-01-01T00:00:00.000Z',
      userInfo: testUser(),
    });
    useSettings.setState({
      currency: { code: 'USD', symbol: '$', rate: '1' },
      assetDisplay: { showAllAssets: true, type: 1 },
    });
  });
  afterEach(() => {
    cleanup();
    useSession.getState().logout();
  });

  it('moves nothing until the confirmation, then sends one keyed transfer', async () => {
    const { api, call } = fakeApi();
    show(<TransferTab />, api);
    const amount = await screen.findByLabelText('Amount');
    await screen.findByText(/Available:/);
    fireEvent.change(amount, { target: { value: '100.5000001' } });
    // Cut to the coin's six decimals as typed, then checked against what is available.
    expect((amount as HTMLInputElement).value).toBe('100.500000');
    fireEvent.change(amount, { target: { value: '101' } });
    expect(await screen.findByText('More than this wallet has available')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '100' } });
    const after = await screen.findByTestId('transfer-after');
    expect(after.textContent).toContain('Spot after');
    expect(after.textContent).toContain('0.5');
    expect(after.textContent).toContain('150');

    fireEvent.click(screen.getByRole('button', { name: 'Review transfer' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Move 100 USDT from your Spot wallet to your Contract wallet?'),
    ).toBeTruthy();
    expect(call.mock.calls.some(([spec]) => spec === transferFunds)).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer now' }));
    await waitFor(() =>
      expect(call.mock.calls.filter(([spec]) => spec === transferFunds)).toHaveLength(1),
    );
    const [, input, options] = call.mock.calls.find(([spec]) => spec === transferFunds)!;
    expect(input).toEqual({ body: { from: '1', to: '2', coin: 'USDT', amount: '100' } });
    expect((options as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{32}$/,
    );
  });

  it('opens with the wallets a link names', async () => {
    const { api } = fakeApi();
    show(<TransferTab />, api, '/assets/index?key=transfer&from=2');
    // The contract wallet's USDT is what may leave, and the other side is spot.
    await waitFor(() =>
      expect(screen.getByText(/Available:/).closest('span')!.textContent).toBe(
        'Available: 50 USDT',
      ),
    );
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '20' } });
    expect((await screen.findByTestId('transfer-after')).textContent).toMatch(
      /^Contract after30 USDTSpot after120\.5/,
    );
  });

  it('shows the total and every coin, and hides zero balances when asked', async () => {
    const { api } = fakeApi();
    show(<OverviewTab />, api, '/assets/index?key=overview');
    const table = await screen.findByTestId('coin-table');
    expect(screen.getAllByTestId('wallet-total')[0]!.textContent).toBe('≈ $150.50');
    // USDT summed across wallets, exactly: 100.5 + 50 + 0.
    expect(within(table).getByText('150.5')).toBeTruthy();
    expect(table.querySelector('[data-coin="ETH"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(table.querySelector('[data-coin="ETH"]')).toBeNull());
    expect(useSettings.getState().assetDisplay.showAllAssets).toBe(false);
  });
});
