import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  getDepositAddress,
  getRechargeCurrency,
  getRechargeLog,
  simulateDeposit,
  type BankDepositRecord,
  type ChainDepositRecord,
  type DepositRecord,
} from '@meridian/contract/calls/deposits';
import type { CallSpec } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims, testPlatformConfig } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { depositsCsv } from './csv.ts';
import { DepositHistory } from './DepositHistory.tsx';
import { DepositPanel } from './DepositPanel.tsx';

const CURRENCIES = [
  {
    coin: 'BTC',
    name: 'Bitcoin',
    icon: null,
    decimals: 8,
    networks: [{ network: 'BTC', name: 'Bitcoin', confirmations: 2, minDeposit: '0.0001' }],
  },
];
const ADDRESS = {
  coin: 'BTC',
  network: 'BTC',
  name: 'Bitcoin',
  confirmations: 2,
  minDeposit: '0.0001',
  address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
};
const RECORD: ChainDepositRecord = {
  id: 'd-1',
  type: 1,
  way: 'chain',
  coin: 'BTC',
  network: 'BTC',
  address: ADDRESS.address,
  txid: 'ab'.repeat(32),
  vout: 0,
  amount: '0.5',
  confirmations: 1,
  required: 2,
  status: 'confirming',
  createTime: '2026-11-22T08:00:00.000Z',
  creditTime: null,
};
const BANK: BankDepositRecord = {
  id: 'b-1',
  type: 1,
  way: 'bank',
  orderNo: 'BR2026112212345678',
  coin: 'USDT',
  amount: '250.5',
  status: 'rejected',
  reason: 'No transfer arrived',
  createTime: '2026-11-22T09:00:00.000Z',
  decideTime: '2026-11-22T10:00:00.000Z',
  creditTime: null,
};

/** An API answering each deposits call with fixed data, recording what it was asked. */
function fakeApi(log: DepositRecord[]) {
  const answers = new Map<CallSpec, unknown>([
    [getRechargeCurrency, CURRENCIES],
    [getDepositAddress, ADDRESS],
    [getRechargeLog, { list: log, total: log.length, page: 1, size: 10 }],
    [simulateDeposit, { ...RECORD, address: ADDRESS.address }],
  ]);
  const call = vi.fn(async (spec: CallSpec) => answers.get(spec));
  return { call, api: Object.assign(call, { quiet: call }) as unknown as ApiCall };
}

describe('deposit views', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['deposits']);
  });
  afterEach(cleanup);

  it('shows the address, what applies to it, and the deposits confirming', async () => {
    const { api } = fakeApi([RECORD]);
    render(
      <TestProviders api={api} config={testPlatformConfig({ demoMode: false })}>
        <DepositPanel />
      </TestProviders>,
    );
    expect((await screen.findByTestId('deposit-address')).textContent).toContain(ADDRESS.address);
    expect(screen.getByText('Confirmations needed')).toBeTruthy();
    expect(screen.getByText('0.0001 BTC')).toBeTruthy();
    expect(await screen.findByText('Confirming 1/2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    // Not a demo: no simulated deposits offered.
    expect(screen.queryByText('Send simulated deposit')).toBeNull();
  });

  it('in a demo, sends a simulated deposit of a decimal-string amount to the chosen network', async () => {
    const { api, call } = fakeApi([]);
    render(
      <TestProviders api={api} config={testPlatformConfig({ demoMode: true })}>
        <DepositPanel />
      </TestProviders>,
    );
    expect(await screen.findByText('No deposits yet')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send simulated deposit' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.25' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(simulateDeposit, {
        body: { coin: 'BTC', network: 'BTC', amount: '0.25' },
      }),
    );
  });

  it('says when the coins could not be loaded, with a retry', async () => {
    const api = Object.assign(
      vi.fn(async () => {
        throw new Error('offline');
      }),
      {},
    ) as unknown as ApiCall;
    render(
      <TestProviders api={api}>
        <DepositPanel />
      </TestProviders>,
    );
    expect(await screen.findByText('The deposit coins could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('lists both ways in the history, each status in words, and an export', async () => {
    const { api } = fakeApi([{ ...RECORD, status: 'credited', confirmations: 2 }, BANK]);
    render(
      <TestProviders api={api}>
        <DepositHistory />
      </TestProviders>,
    );
    expect(await screen.findByText('Credited')).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Reason: No transfer arrived')).toBeTruthy();
    expect(screen.getByText('BR2026112212345678')).toBeTruthy();
    expect(screen.getByText('Bank transfer')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
  });

  it('writes CSV of both ways with the amounts as sent and formulas defused', () => {
    const rows: DepositRecord[] = [{ ...RECORD, address: '=HYPERLINK("x")' }, BANK];
    const csv = depositsCsv(rows, {
      time: 'Time',
      way: 'Way',
      order: 'Order',
      coin: 'Coin',
      network: 'Network',
      amount: 'Amount',
      confirmations: 'Confirmations',
      status: 'Status',
      reason: 'Reason',
      txid: 'Tx',
      address: 'Address',
      wayText: (way) => way,
      statusText: (r) => r.status,
    });
    const [header, chain, bank] = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe(
      'Time,Way,Order,Coin,Network,Amount,Confirmations,Status,Reason,Tx,Address',
    );
    expect(chain).toContain(',0.5,1/2,confirming,,');
    expect(chain).toContain(`"'=HYPERLINK(""x"")"`);
    expect(bank).toBe(
      '2026-11-22T09:00:00.000Z,bank,BR2026112212345678,USDT,,250.5,,rejected,No transfer arrived,,',
    );
  });
});
