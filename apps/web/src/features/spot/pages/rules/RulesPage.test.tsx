import { TestProviders } from '../../../../shared/testing/TestProviders.tsx';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testRouter } from '../../../../shared/testing/router.tsx';
import type { ApiCall } from '../../../../shared/api/client.ts';
import { initI18n } from '../../../../shared/i18n/index.ts';
import { installDomShims } from '../../../../shared/testing/fixtures.ts';
import { RulesPage } from './RulesPage.tsx';

const MARKETS = [
  {
    symbol: 'btcusdt',
    base: 'btc',
    quote: 'usdt',
    tickSize: '0.01',
    lotSize: '0.00001',
    minNotional: '5',
    makerFeeRate: '0.001',
    takerFeeRate: '0.0015',
    priceBandPercent: '5',
  },
  {
    symbol: 'ethusdt',
    base: 'eth',
    quote: 'usdt',
    tickSize: '0.01',
    lotSize: '0.0001',
    minNotional: '5',
    makerFeeRate: '0.0008',
    takerFeeRate: '0.001',
    priceBandPercent: '2.5',
  },
];

function fakeApi(fund: unknown) {
  const quiet = vi.fn(async (spec: { path: string }) => {
    if (spec.path === '/api/common/spotMarkets') return MARKETS;
    if (spec.path === '/api/common/securityFund') {
      if (fund instanceof Error) throw fund;
      return fund;
    }
    throw new Error(`unexpected call ${spec.path}`);
  });
  return Object.assign(vi.fn(), { quiet }) as unknown as ApiCall;
}

function renderRules(api: ApiCall, entry = '/rule/index?tab=spot') {
  const router = testRouter([{ path: '/rule/index', element: <RulesPage /> }], entry);
  render(<TestProviders api={api}>{router.element}</TestProviders>);
}

// Rendering antd in jsdom is slow on a busy machine; the limit only stops a hang.
describe('trading rules page', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installDomShims();
    // The margin and contract tabs' labels are their features', loaded with the page (routes.ts).
    await initI18n('en', ['spot', 'markets', 'perps', 'margin']);
  });
  afterEach(cleanup);

  it('shows the second-contract, spot, margin, U-contract and coin-contract tabs (spot open by default), with the fee table of every market', async () => {
    renderRules(fakeApi({ feeShare: '0.1', balances: [] }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Second contract',
      'Spot',
      'Margin',
      'U contract',
      'Coin contract',
    ]);
    const table = await screen.findByTestId('fee-table');
    const btc = within(table.querySelector('[data-symbol="btcusdt"]') as HTMLElement);
    expect(btc.getByText('BTC/USDT')).toBeTruthy();
    expect(btc.getByText('0.1%')).toBeTruthy();
    expect(btc.getByText('0.15%')).toBeTruthy();
    expect(btc.getByText('0.01')).toBeTruthy();
    expect(btc.getByText('0.00001')).toBeTruthy();
    expect(btc.getByText('5 USDT')).toBeTruthy();
    expect(btc.getByText('±5%')).toBeTruthy();
    const eth = within(table.querySelector('[data-symbol="ethusdt"]') as HTMLElement);
    expect(eth.getByText('0.08%')).toBeTruthy();
    expect(eth.getByText('±2.5%')).toBeTruthy();
    expect(screen.getByText('Self-trade prevention')).toBeTruthy();
    expect(screen.getByText('Stop-limit')).toBeTruthy();
  });

  it('states the fund share and lists its live balances', async () => {
    renderRules(
      fakeApi({
        feeShare: '0.1',
        balances: [
          { coin: 'USDT', amount: '1234.56789' },
          { coin: 'BTC', amount: '0.00012345' },
        ],
      }),
    );
    const fund = await screen.findByTestId('security-fund');
    expect(
      within(fund).getByText(/^10% of all transaction fees go to an asset security fund/),
    ).toBeTruthy();
    await waitFor(() => expect(fund.querySelector('[data-coin="USDT"]')).toBeTruthy());
    // formatNumber: from 1,000 three decimals, cut rather than rounded.
    expect(
      within(fund.querySelector('[data-coin="USDT"]') as HTMLElement).getByText('1,234.567'),
    ).toBeTruthy();
    expect(
      within(fund.querySelector('[data-coin="BTC"]') as HTMLElement).getByText('0.00012345'),
    ).toBeTruthy();
  });

  it('says so when the fund cannot be read, and still shows the copy', async () => {
    renderRules(fakeApi(new Error('down')));
    expect(
      await screen.findByText("The fund's balance could not be loaded right now."),
    ).toBeTruthy();
    expect(screen.getByText(/10% of all transaction fees/)).toBeTruthy();
  });

  it('opens on the spot tab whatever unknown tab is asked', async () => {
    renderRules(fakeApi({ feeShare: '0.1', balances: [] }), '/rule/index?tab=loan');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Spot');
    expect(
      await screen.findByText('The fund holds nothing yet: it grows with every trade.'),
    ).toBeTruthy();
  });
});
