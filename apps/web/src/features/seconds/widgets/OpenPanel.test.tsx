import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '../../../shared/testing/router.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSecondContractOrder,
  periodList,
  type Period,
} from '@meridian/contract/calls/seconds';
import type { CallSpec } from '@meridian/contract/define';
import { ApiError, type ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { testUser } from '../../../shared/session/test-user.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { OpenPanel } from './OpenPanel.tsx';
import { useOpenForm } from './useOpenForm.ts';

const PERIODS: Period[] = [30, 60].map((seconds, i) => ({
  id: `btcusdt-${seconds}`,
  symbol: 'btcusdt',
  coin: 'USDT',
  seconds,
  profitRate: ['0.2', '0.3'][i]!,
  lossRate: ['0.2', '0.3'][i]!,
  minStake: '10',
  maxStake: '10000',
  chargeRate: '0.002',
  enabled: true,
}));

/** Periods always; the open call fails the first time when `failFirst`. */
function fakeApi(failFirst = false) {
  let opens = 0;
  const call = vi.fn(async (spec: CallSpec, _input?: unknown, _options?: unknown) => {
    if (spec === periodList) return PERIODS;
    if (spec === createSecondContractOrder) {
      opens += 1;
      if (failFirst && opens === 1) throw new ApiError(0, 'timed out');
      return {};
    }
    return undefined;
  });
  return { call, api: Object.assign(call, { quiet: call }) as unknown as ApiCall };
}

function Harness() {
  const form = useOpenForm('btcusdt', 6);
  return <OpenPanel form={form} coin="USDT" />;
}

const show = (api: ApiCall) =>
  render(
    <TestProviders api={api}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </TestProviders>,
  );

const opens = (call: ReturnType<typeof fakeApi>['call']) =>
  call.mock.calls.filter(([spec]) => spec === createSecondContractOrder);

describe('opening a second contract', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['seconds']);
  });
  beforeEach(() => {
    useSession.getState().signIn({
      token: 'tok',
      refreshToken: 'r',
      issuedAt: '2026-01-01T00:00:00.000Z',
      userInfo: testUser(),
    });
  });
  afterEach(() => {
    cleanup();
    useSession.getState().logout();
  });

  it('says what is wrong with a stake before anything can be sent', async () => {
    const { api, call } = fakeApi();
    show(api);
    const stake = await screen.findByLabelText('Stake');
    fireEvent.change(stake, { target: { value: '12.5' } });
    expect(screen.getByText('Quantity must be an integer')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Up/ }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(stake, { target: { value: '9' } });
    expect(screen.getByText('The minimum stake is 10 USDT')).toBeTruthy();
    fireEvent.change(stake, { target: { value: '10001' } });
    expect(screen.getByText('The maximum stake is 10000 USDT')).toBeTruthy();
    expect(opens(call)).toHaveLength(0);
  });

  it('shows the period, and what each outcome pays, and sends nothing until confirmed', async () => {
    const { api, call } = fakeApi();
    show(api);
    fireEvent.click(await screen.findByText('60 s'));
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: /Down/ }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Down for 60 seconds');
    expect(within(dialog).getByText('You get back on a win (+30%)')).toBeTruthy();
    const rows = [...dialog.querySelectorAll('.ant-descriptions-row')].map((r) => r.textContent);
    expect(rows).toEqual([
      'Stake100 USDT',
      'Service charge0.2 USDT',
      'Taken from your spot balance now100.2 USDT',
      'You get back on a win (+30%)130 USDT',
      'You get back on a loss (−30%)70 USDT',
      'You get back if the price is unchanged100 USDT',
    ]);
    expect(opens(call)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open contract' }));
    await waitFor(() => expect(opens(call)).toHaveLength(1));
    expect(opens(call)[0]![1]).toEqual({
      body: { symbol: 'btcusdt', periodId: 'btcusdt-60', direction: 'down', amount: '100' },
    });
  });

  it('sends the same contract again under the same Idempotency-Key after a failure', async () => {
    const { api, call } = fakeApi(true);
    show(api);
    fireEvent.change(await screen.findByLabelText('Stake'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: /Up/ }));
    const confirm = async () =>
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open contract' }),
      );
    await confirm();
    await waitFor(() => expect(opens(call)).toHaveLength(1));
    await confirm();
    await waitFor(() => expect(opens(call)).toHaveLength(2));
    const keys = opens(call).map((c) => (c[2] as { headers: Record<string, string> }).headers);
    expect(keys[0]!['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toEqual(keys[0]);
  });
});
