import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRouter } from '../../../shared/testing/router.tsx';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { PlatformProvider } from '../../../shared/platform/context.tsx';
import { testUser } from '../../../shared/session/test-user.ts';
import { useSession } from '../../../shared/session/store.ts';
import { AppHeader } from './AppHeader.tsx';
import { useShellMenus } from './useShellMenus.ts';
import { installDomShims, testPlatformConfig } from '../../../shared/testing/fixtures.ts';

const config = testPlatformConfig();

function Header() {
  return <AppHeader menus={useShellMenus()} />;
}

function renderHeader() {
  const router = testRouter(
    [
      { path: '/home/index', element: <Header /> },
      { path: '/', element: <p>landing</p> },
    ],
    '/home/index',
  );
  // The settings drawer in the header loads the exchange rates through react-query.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PlatformProvider
        value={{
          config,
          api: Object.assign(vi.fn(), { quiet: vi.fn(async () => null) }) as unknown as ApiCall,
        }}
      >
        <App>{router.element}</App>
      </PlatformProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('header', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en');
  });
  beforeEach(() => useSession.getState().logout());
  afterEach(cleanup);

  it('shows a visitor the registry menu and no support button without a support link', async () => {
    renderHeader();
    // The top menu is a chunk of its own (header-parts.tsx).
    expect((await screen.findAllByRole('link', { name: 'Home' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Customer service' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'My account' })).toBeNull();
  });

  it('shows a signed-in user their own email whole and logs out from the avatar menu', async () => {
    useSession.getState().signIn({
      token: 'tok',
      refreshToken: 'refresh',
      issuedAt: '2026-01-01T00:00:00.000Z',
      userInfo: testUser({ email: 'alice@example.com' }),
    });
    const router = renderHeader();
    const account = await screen.findByRole('button', { name: /My account/ });
    expect(account.textContent).toContain('alice@example.com');
    expect(account.textContent).not.toContain('***');
    await act(async () => fireEvent.mouseEnter(account));
    const logout = await screen.findByText('Log out');
    await act(async () => fireEvent.click(logout));
    expect(useSession.getState()).toMatchObject({ isLogin: false, token: null });
    // Home once the server has been told (the session is forgotten before it answers).
    await waitFor(() => expect(router.location.pathname).toBe('/'), { timeout: 5000 });
  });
});
