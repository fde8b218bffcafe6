import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../../shared/api/client.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { PlatformProvider } from '../../../shared/platform/context.tsx';
import { FakeSocket } from '../../../shared/testing/fake-socket.ts';
import { useSession } from '../../../shared/session/store.ts';
import { testUser } from '../../../shared/session/test-user.ts';
import { testPlatformConfig } from '../../../shared/testing/fixtures.ts';
import { USER_FEED_BATCH_MS } from './user-feed.ts';
import { useUserFeed } from './useUserFeed.ts';

const signIn = (userId: string, token: string) =>
  useSession.getState().signIn({
    token,
    refreshToken: 'r',
    issuedAt: new Date().toISOString(),
    userInfo: testUser({ id: userId, userId }),
  });

function mount() {
  const sockets: FakeSocket[] = [];
  const createSocket = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <PlatformProvider
        value={{
          config: testPlatformConfig({ socketUrl: 'wss://feed.example' }),
          api: vi.fn() as unknown as ApiCall,
        }}
      >
        {children}
      </PlatformProvider>
    </QueryClientProvider>
  );
  renderHook(() => useUserFeed(createSocket), { wrapper });
  return { sockets, invalidate };
}

describe('useUserFeed', () => {
  beforeAll(async () => {
    await initI18n('en', ['spot', 'markets']);
  });
  beforeEach(() => {
    vi.useFakeTimers();
    useSession.getState().logout();
  });
  afterEach(() => {
    cleanup();
    notifier.attach(null);
    vi.useRealTimers();
  });

  it('opens nothing for a visitor', () => {
    const { sockets } = mount();
    expect(sockets).toHaveLength(0);
  });

  it("opens the signed-in user's socket, reloads spot queries and announces a fill", () => {
    signIn('10000001', 'tok-a');
    const opened: string[] = [];
    notifier.attach({ open: ({ text }) => opened.push(text), close: () => undefined });
    const { sockets, invalidate } = mount();
    expect(sockets.map((s) => s.url)).toEqual(['wss://feed.example/ws/coin/10000001']);
    sockets[0]!.open();
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ op: 'auth', token: 'tok-a' });
    sockets[0]!.receive({
      channel: 'user',
      data: { type: 'order', event: 'filled', orderId: '5', symbol: 'ethusdt' },
    });
    act(() => vi.advanceTimersByTime(USER_FEED_BATCH_MS));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['spot'] });
    expect(opened).toEqual(['Order filled: ETH/USDT']);
  });

  it('closes on logout and opens a new socket for the next user', () => {
    signIn('10000001', 'tok-a');
    const { sockets } = mount();
    act(() => useSession.getState().logout());
    expect(sockets[0]!.readyState).toBe(3);
    act(() => signIn('10000002', 'tok-b'));
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.url).toBe('wss://feed.example/ws/coin/10000002');
    sockets[1]!.open();
    expect(JSON.parse(sockets[1]!.sent[0]!)).toEqual({ op: 'auth', token: 'tok-b' });
  });
});
