import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../../shared/testing/router.tsx';
import {
  currencyExchange,
  getCurrencyPrice,
  getSwapLog,
  getSwapTerms,
  type SwapQuote,
} from '@meridian/contract/calls/swap';
import { getMyBalance } from '@meridian/contract/calls/wallet';
import type { CallSpec } from '@meridian/contract/define';
import { ApiError, type ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { testUser } from '../../../shared/session/test-user.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { SwapTab } from './SwapTab.tsx';

const TERMS = {
  spreadBps: 50,
  feeBps: 10,
  quoteSeconds: 10,
  coins: [
    { coin: 'USDT', decimals: 6 },
    { coin: 'BTC', decimals: 8 },
  ],
  updatedAt: null,
};

const BALANCES = [
  { coin: 'USDT', available: '100', held: '0', amount: '100' },
  { coin: 'BTC', available: '0.5', held: '0', amount: '0.5' },
];

let quotes = 0;
function nextQuote(net = '964.18485'): SwapQuote {
  quotes += 1;
  return {
    id: `q${quotes}`,
    from: 'BTC',
    to: 'USDT',
    quantity: '0.01',
    rate: '96515',
    gross: '965.15',
    fee: '0.96515',
    net,
    spreadBps: 50,
    feeBps: 10,
    prices: [
      { coin: 'BTC', price: '97000', time: 1_700_000_000_000 },
      { coin: 'USDT', price: '1', time: null },
    ],
    createdAt: 1_000,
    expiresAt: 11_000,
  };
}

function fakeApi(exchange: (quoteId: string) => unknown) {
  const call = vi.fn(
    async (spec: CallSpec, input?: { body?: { quoteId?: string } }, _options?: unknown) => {
      if (spec === getSwapTerms) return TERMS;
      if (spec === getMyBalance) return BALANCES;
      if (spec === getSwapLog) return { records: [], total: 0, current: 1, size: 5 };
      if (spec === getCurrencyPrice) return nextQuote();
      if (spec === currencyExchange) return exchange(input!.body!.quoteId!);
      throw new Error('unexpected call');
    },
  );
  return { call, api: Object.assign(call, { quiet: call }) as unknown as ApiCall };
}

const sent = (call: ReturnType<typeof fakeApi>['call'], spec: CallSpec) =>
  call.mock.calls.filter(([s]) => s === spec);

function show(api: ApiCall) {
  return render(
    <TestProviders api={api}>
      <MemoryRouter entry={'/assets/index?key=swap'}>
        <SwapTab />
      </MemoryRouter>
    </TestProviders>,
  );
}

async function typeQuantity(value: string) {
  const input = await screen.findByLabelText('Quantity');
  fireEvent.change(input, { target: { value } });
  return input as HTMLInputElement;
}

describe('swap form', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['swap']);
  });
  beforeEach(() => {
    quotes = 0;
    useSession.getState().signIn({
      token: 'tok',
      refreshToken: 'r',
      issuedAt: '2026-01-01T00:00:00.000Z',
      userInfo: testUser(),
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    useSession.getState().logout();
  });

  it('cuts the quantity to the coin, quotes it, and swaps exactly that quote once confirmed', async () => {
    const { api, call } = fakeApi((quoteId) => ({
      ...nextQuote(),
      id: quoteId,
      time: 2_000,
      balances: [
        { coin: 'BTC', available: '0.49' },
        { coin: 'USDT', available: '1064.18485' },
      ],
    }));
    show(api);
    await screen.findByText("Enter a quantity to see today's rate");
    expect(await screen.findByText('No swaps yet')).toBeTruthy();
    const input = await typeQuantity('0.0100000009');
    expect(input.value).toBe('0.01000000');
    await typeQuantity('0.01');
    expect((await screen.findByTestId('swap-net')).textContent).toBe('964.18485 USDT');
    expect(screen.getByTestId('swap-figures').textContent).toContain('1 BTC ≈ 96,515 USDT');
    expect(screen.getByText(/Valid for \d+ s/)).toBeTruthy();
    expect(sent(call, getCurrencyPrice)[0]![1]).toEqual({
      body: { from: 'BTC', to: 'USDT', quantity: '0.01' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Swap 0.01 BTC for 964.18485 USDT?')).toBeTruthy();
    expect(sent(call, currencyExchange)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Swap now' }));
    await screen.findByText('You received 964.18485 USDT');
    const [, input2, options] = sent(call, currencyExchange)[0]!;
    expect(input2).toEqual({ body: { quoteId: 'q1' } });
    expect((options as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{32}$/,
    );
    expect(screen.getByTestId('swap-balances').textContent).toContain('1,064.18485 USDT');
  });

  it('says a quantity above the balance is too much, and offers no swap', async () => {
    const { api } = fakeApi(() => null);
    show(api);
    await typeQuantity('0.6');
    expect(await screen.findByText('More than your spot wallet has available')).toBeTruthy();
    await screen.findByTestId('swap-net');
    expect(screen.getByRole('button', { name: 'Swap' }).hasAttribute('disabled')).toBe(true);
  });

  it('when the server says the quote expired, says so and shows a new quote to confirm', async () => {
    const { api, call } = fakeApi(() => {
      throw new ApiError(400, 'expired', { reason: 'swapQuoteExpired' }, 'swapQuoteExpired');
    });
    show(api);
    await typeQuantity('0.01');
    await screen.findByTestId('swap-net');
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Swap now' }));
    expect(await within(dialog).findByText(/That quote expired before it reached us/)).toBeTruthy();
    await waitFor(() => expect(sent(call, getCurrencyPrice)).toHaveLength(2));
    // One swap was tried, and only with the quote the user confirmed.
    expect(sent(call, currencyExchange).map(([, i]) => i)).toEqual([{ body: { quoteId: 'q1' } }]);
    expect(screen.queryByText(/You received/)).toBeNull();
  });

  it('asks for a new quote when the shown one runs out, and marks it renewed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, call } = fakeApi(() => null);
    show(api);
    await typeQuantity('0.01');
    await screen.findByTestId('swap-net');
    expect(sent(call, getCurrencyPrice)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(11_000);
    });
    await waitFor(() => expect(sent(call, getCurrencyPrice)).toHaveLength(2));
    expect(await screen.findByText('Quote renewed')).toBeTruthy();
  });
});
