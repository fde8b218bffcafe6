import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '../../../shared/testing/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contractLossSet,
  contractPositionAdjust,
  type PerpPosition,
} from '@meridian/contract/calls/perps';
import type { CallSpec } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { testPosition } from '../data/test-data.ts';
import { AdjustMarginDialog, StopsDialog } from './PositionDialogs.tsx';
import { PositionRow } from './PositionRow.tsx';

function fakeApi() {
  const call = vi.fn(async (spec: CallSpec, _input?: unknown, _options?: unknown) => {
    if (spec === contractLossSet || spec === contractPositionAdjust) return testPosition();
    return undefined;
  });
  return { call, api: Object.assign(call, { quiet: call }) as unknown as ApiCall };
}

const actions = { onClose: vi.fn(), onStops: vi.fn(), onAdjust: vi.fn() };

function showRow(position: PerpPosition) {
  const { api } = fakeApi();
  render(
    <TestProviders api={api}>
      <MemoryRouter>
        <table>
          <tbody>
            <PositionRow position={position} actions={actions} />
          </tbody>
        </table>
      </MemoryRouter>
    </TestProviders>,
  );
  return screen.getByTestId('perp-position');
}

describe('a position row', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['perps']);
  });
  afterEach(cleanup);

  it('writes a profit with its sign and colours it up, with the ROE', () => {
    const row = showRow(testPosition());
    const pnl = within(row).getByTestId('perp-pnl');
    expect(pnl.textContent).toBe('+1,234.5 USDT+20.58 %');
    expect(pnl.querySelectorAll('[data-sign="up"]')).toHaveLength(2);
    expect(row.textContent).toContain('10x · Isolated');
    expect(row.textContent).toContain('Long');
  });

  it('writes a loss with its minus and colours it down', () => {
    const row = showRow(testPosition({ side: 'short', unrealisedPnl: '-617.25', roe: '-0.10287' }));
    const pnl = within(row).getByTestId('perp-pnl');
    expect(pnl.textContent).toBe('-617.25 USDT-10.29 %');
    expect(pnl.querySelectorAll('[data-sign="down"]')).toHaveLength(2);
    expect(row.textContent).toContain('Short');
  });

  it('fills the margin gauge by the ratio and lights the ADL queue', () => {
    const row = showRow(testPosition({ marginRatio: '0.8312', adlQuintile: 4 }));
    const gauge = within(row).getByRole('meter');
    expect(gauge.getAttribute('aria-valuenow')).toBe('83');
    expect(gauge.getAttribute('data-level')).toBe('danger');
    expect(gauge.textContent).toBe('83.12 %');
    expect(within(row).getByRole('img').getAttribute('data-adl')).toBe('4');
  });

  it('offers margin adjustment only on an isolated position, and shows TP/SL', () => {
    let row = showRow(testPosition({ takeProfit: { price: '65000', trigger: 'mark' } }));
    expect(within(row).getByText('Adjust')).toBeTruthy();
    expect(within(row).getByTestId('perp-stops').textContent).toBe('TP 65,000.00SL --');
    cleanup();
    row = showRow(testPosition({ marginMode: 'cross' }));
    expect(within(row).queryByText('Adjust')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Close' }));
    expect(actions.onClose).toHaveBeenCalledWith(expect.objectContaining({ id: '42' }));
  });
});

describe('the position dialogs', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['perps']);
  });
  afterEach(cleanup);

  it('refuse a take-profit on the wrong side and send nothing', async () => {
    const { api, call } = fakeApi();
    render(
      <TestProviders api={api}>
        <StopsDialog
          position={testPosition()}
          lastPrice="61200"
          priceUnit="USDT"
          onClose={() => {}}
        />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByTestId('stops-problem').textContent).toContain(
      'Enter a take-profit price, a stop-loss price or both.',
    );
    fireEvent.change(within(dialog).getByLabelText('Take-profit price'), {
      target: { value: '60000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByTestId('stops-problem').textContent).toContain(
      'profitable side of the price watched (61234.5)',
    );
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Take-profit price'), {
      target: { value: '65000' },
    });
    fireEvent.change(within(dialog).getByLabelText('Stop-loss price'), {
      target: { value: '58000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]![0]).toBe(contractLossSet);
    expect(call.mock.calls[0]![1]).toEqual({
      body: { id: '42', trigger: 'mark', takeProfitPrice: '65000', stopLossPrice: '58000' },
    });
  });

  it('refuse removing margin below the initial margin', async () => {
    const { api, call } = fakeApi();
    render(
      <TestProviders api={api}>
        <AdjustMarginDialog
          position={testPosition({ margin: '7000', notional: '60000' })}
          available="500"
          coin="USDT"
          kind="linear"
          onClose={() => {}}
        />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount (USDT)'), { target: { value: '600' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(dialog.textContent).toContain('More than the available balance.');
    fireEvent.click(within(dialog).getByText('Remove margin'));
    fireEvent.change(within(dialog).getByLabelText('Amount (USDT)'), {
      target: { value: '1000.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(dialog.textContent).toContain(
      "The margin cannot go below the position's initial margin.",
    );
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Amount (USDT)'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]![1]).toEqual({ query: { id: '42', money: '1000', flag: 'remove' } });
  });
});
