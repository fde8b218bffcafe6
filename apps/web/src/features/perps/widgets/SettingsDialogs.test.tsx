import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { coinContractLeverage } from '@meridian/contract/calls/perps';
import type { CallSpec } from '@meridian/contract/define';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { testMarket } from '../data/test-data.ts';
import { LeverageDialog } from './SettingsDialogs.tsx';

function fakeApi() {
  const call = vi.fn(async (spec: CallSpec, input?: unknown) => {
    if (spec === coinContractLeverage) {
      const { body } = input as { body: { symbol: string; leverage: number } };
      return {
        symbol: body.symbol,
        leverage: body.leverage,
        marginMode: 'cross',
        maxLeverage: 125,
      };
    }
    return undefined;
  });
  return { call, api: Object.assign(call, { quiet: call }) as unknown as ApiCall };
}

describe('the leverage dialog', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['perps']);
  });
  afterEach(cleanup);

  it("allows no more than the position tier's maximum and sends the chosen whole leverage", async () => {
    const { api, call } = fakeApi();
    const onClose = vi.fn();
    render(
      <TestProviders api={api}>
        <LeverageDialog
          open
          onClose={onClose}
          symbol="btcusdt"
          market={testMarket()}
          leverage={10}
          positionNotional="60000"
        />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Adjust leverage' });
    // A 60,000 position is in tier 2: 100x at most, and the table marks it.
    expect(dialog.textContent).toContain("At most 100x at this position's size.");
    const field = within(dialog).getByLabelText('Leverage');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    fireEvent.change(field, { target: { value: '101' } });
    expect(dialog.textContent).toContain("Your position's tier allows at most 100x.");
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: '7.5' } });
    expect(dialog.textContent).toContain('Enter a whole number.');
    fireEvent.change(field, { target: { value: '0' } });
    expect(dialog.textContent).toContain('Choose from 1x to 100x.');
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '25' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]![1]).toEqual({ body: { symbol: 'btcusdt', leverage: 25 } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
