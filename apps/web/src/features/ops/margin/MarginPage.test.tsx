import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  opsFundMarginPool,
  opsMarginSettings,
  opsSetMarginPair,
  opsSetMarginPool,
  type OpsMarginSettings,
} from '@meridian/contract/calls/margin';
import type { CallSpec } from '@meridian/contract/define';
import { ApiError, type ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { OpsApiProvider } from '../session/context.tsx';
import MarginPage from './MarginPage.tsx';

const SETTINGS: OpsMarginSettings = {
  pools: [
    {
      coin: 'USDT',
      hourlyRate: '0.00000834',
      dailyRate: '0.0002',
      yearlyRate: '0.0730584',
      lendable: '150000',
      savingsShare: '0.5',
      savingsLent: '12500.25',
      insuranceFund: '3200',
      capital: '100000',
    },
    {
      coin: 'BTC',
      hourlyRate: '0.00000417',
      dailyRate: '0.0001',
      yearlyRate: '0.0365292',
      lendable: '2.5',
      savingsShare: '0',
      savingsLent: '0',
      insuranceFund: '0.1',
      capital: '2.5',
    },
  ],
  pairs: [{ symbol: 'btcusdt', maxLeverage: 10 }],
  maxSavingsShare: '0.8',
};

function show(settings: OpsMarginSettings = SETTINGS, refuse?: CallSpec) {
  const call = vi.fn(async (spec: CallSpec, _input?: unknown) => {
    if (spec === refuse) throw new ApiError(400, 'The savings share is at most 0.8');
    return spec === opsMarginSettings ||
      spec === opsSetMarginPool ||
      spec === opsSetMarginPair ||
      spec === opsFundMarginPool
      ? settings
      : undefined;
  });
  const api = Object.assign(call, { quiet: call }) as unknown as ApiCall;
  render(
    <TestProviders api={api}>
      <OpsApiProvider api={api}>
        <MarginPage />
      </OpsApiProvider>
    </TestProviders>,
  );
  return call;
}

const row = (key: string) =>
  screen.getAllByRole('row').find((r) => r.getAttribute('data-row-key') === key)!;

describe('operators’ margin lending page', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['ops']);
  });
  afterEach(cleanup);

  it('shows each pool’s rates in percent and its figures exactly, and each pair’s leverage', async () => {
    show();
    await screen.findByText('Lending pools');
    const usdt = within(row('USDT'));
    usdt.getByText('0.02 %');
    usdt.getByText('7.30584 %');
    usdt.getByText('50 %');
    usdt.getByText('100,000 USDT');
    usdt.getByText('12,500.25 USDT');
    usdt.getByText('150,000 USDT');
    usdt.getByText('3,200 USDT');
    within(row('BTC')).getByText('Not lent');
    within(row('btcusdt')).getByText('10x');
  });

  it('says so when no coin and no pair is open yet', async () => {
    show({ pools: [], pairs: [], maxSavingsShare: '0.8' });
    await screen.findByText('No coin is open to borrowing yet');
    screen.getByText('No pair is open to isolated margin yet');
  });

  it('edits a pool: shows the hourly rate that results, checks, then sends the new terms', async () => {
    const call = show();
    await screen.findByText('Lending pools');
    fireEvent.click(within(row('USDT')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Daily rate'), {
      target: { value: '0.00024' },
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId('margin-hourly').textContent).toContain('0.001 %'),
    );
    fireEvent.change(within(dialog).getByLabelText('Savings share'), {
      target: { value: '0.6' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    const summary = await within(dialog).findByTestId('margin-review');
    within(summary).getByText('8.76 %');
    expect(call).not.toHaveBeenCalledWith(opsSetMarginPool, expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(opsSetMarginPool, {
        body: { coin: 'USDT', dailyRate: '0.00024', savingsShare: '0.6' },
      }),
    );
  });

  it('refuses a share above the cap before sending, and shows a server refusal in the dialog', async () => {
    const call = show(SETTINGS, opsSetMarginPool);
    await screen.findByText('Lending pools');
    fireEvent.click(within(row('USDT')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const share = within(dialog).getByLabelText('Savings share');
    fireEvent.change(share, { target: { value: '0.9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await within(dialog).findByText('A fraction with up to 2 decimals, from 0 to 0.8');
    fireEvent.change(share, { target: { value: '0.8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await within(dialog).findByTestId('margin-review');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The savings share is at most 0.8');
    expect(call).toHaveBeenCalledWith(opsSetMarginPool, {
      body: { coin: 'USDT', dailyRate: '0.0002', savingsShare: '0.8' },
    });
  });

  it('funds a pool with an amount and a reference once checked', async () => {
    const call = show();
    await screen.findByText('Lending pools');
    fireEvent.click(within(row('BTC')).getByRole('button', { name: 'Fund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount (BTC)'), {
      target: { value: '1.25' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reference'), {
      target: { value: 'TRF-2026-11' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    const summary = await within(dialog).findByTestId('margin-review');
    within(summary).getByText('3.75 BTC');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fund' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(opsFundMarginPool, {
        body: { coin: 'BTC', amount: '1.25', reference: 'TRF-2026-11' },
      }),
    );
  });

  it('changes a pair’s maximum leverage', async () => {
    const call = show();
    await screen.findByText('Isolated pairs');
    fireEvent.click(within(row('btcusdt')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Maximum leverage'), {
      target: { value: '5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await within(dialog).findByTestId('margin-review');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(opsSetMarginPair, {
        body: { symbol: 'btcusdt', maxLeverage: 5 },
      }),
    );
  });
});
