import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorView } from '@meridian/contract/calls/operators';
import { createOpsApi } from './ops-api.ts';
import { createOpsSessionStore, OPS_TOKEN_KEY } from './session-store.ts';

const operator: OperatorView = {
  id: 'op-1',
  email: 'compliance@ops.example',
  role: 'compliance',
  pendingActivation: false,
  disabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

describe('operator session', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it('keeps the token in session storage under its own key, apart from the user token', () => {
    const store = createOpsSessionStore(null);
    store.getState().signIn({ token: 'op-token', operator, permissions: ['dashboard.read'] });
    expect(window.sessionStorage.getItem(OPS_TOKEN_KEY)).toBe('op-token');
    expect(window.localStorage.getItem('meridian:token')).toBeNull();
    expect(document.cookie).not.toContain('op-token');
    expect(store.getState()).toMatchObject({
      token: 'op-token',
      operator,
      permissions: ['dashboard.read'],
    });
  });

  it('starts from a token kept earlier in the tab, without a profile until me answers', () => {
    window.sessionStorage.setItem(OPS_TOKEN_KEY, 'kept');
    const store = createOpsSessionStore();
    expect(store.getState()).toMatchObject({ token: 'kept', operator: null, permissions: [] });
    store.getState().setProfile({ operator, permissions: ['users.read'] });
    expect(store.getState().permissions).toEqual(['users.read']);
  });

  it('forgets the token and the profile when cleared', () => {
    const store = createOpsSessionStore(null);
    store.getState().signIn({ token: 't', operator, permissions: ['users.read'] });
    store.getState().clear();
    expect(window.sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
    expect(store.getState()).toMatchObject({ token: null, operator: null, permissions: [] });
  });
});

describe('operator client', () => {
  const envelope = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends the operator token as a bearer token, never the user token', async () => {
    window.localStorage.setItem(
      'meridian:token',
      JSON.stringify({
        dataType: 'string',
        content: 'user-token',
        type: 'localStorage',
        datetime: 0,
      }),
    );
    const store = createOpsSessionStore('op-token');
    const fetch = vi.fn(async () => envelope(200, { code: 200, msg: 'ok', data: null }));
    const api = createOpsApi(
      { apiRoot: '', head: 'core' },
      store,
      fetch as unknown as typeof globalThis.fetch,
    );
    const { operatorLogout } = await import('@meridian/contract/calls/operators');
    await api(operatorLogout);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ops/auth/logout');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer op-token');
    expect(JSON.stringify(init.headers)).not.toContain('user-token');
  });

  it('clears only the operator session on a 401, and shows no user logout', async () => {
    const store = createOpsSessionStore('expired');
    store.getState().signIn({ token: 'expired', operator, permissions: ['dashboard.read'] });
    const fetch = vi.fn(async () =>
      envelope(401, {
        code: 401,
        msg: 'Please sign in to the console',
        data: { reason: 'operatorSignIn' },
      }),
    );
    const api = createOpsApi(
      { apiRoot: '', head: 'core' },
      store,
      fetch as unknown as typeof globalThis.fetch,
    );
    const { operatorMe } = await import('@meridian/contract/calls/operators');
    await expect(api.quiet(operatorMe)).rejects.toMatchObject({
      code: 401,
      message: 'Please sign in to the console',
    });
    expect(store.getState().token).toBeNull();
    expect(window.sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
  });
});
