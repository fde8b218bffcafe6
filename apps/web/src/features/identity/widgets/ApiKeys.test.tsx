import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { ApiKeys } from './ApiKeys.tsx';

const PEM =
  '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----';

function fakeApi() {
  const sent: unknown[] = [];
  const api = vi.fn(async (spec: { path: string }, input?: { body?: unknown }) => {
    if (spec.path.endsWith('/member/apis')) return [];
    if (spec.path.endsWith('/member/api')) {
      sent.push(input?.body);
      return {
        id: 'k1',
        label: 'bot',
        apiKey: 'mer_k1',
        algorithm: 'ed25519',
        scopes: ['read'],
        ipAllowlist: [],
        expiresAt: null,
        createTime: '2026-11-24T00:00:00.000Z',
        lastUsedTime: null,
        secret: null,
      };
    }
    return null;
  });
  return { api: api as unknown as ApiCall, sent };
}

describe('API keys', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['identity', 'common']);
  });
  afterEach(cleanup);

  it('makes an Ed25519 key from the public key only, and has no secret to show', async () => {
    const { api, sent } = fakeApi();
    render(
      <TestProviders api={api}>
        <ApiKeys />
      </TestProviders>,
    );
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'bot' } });
    fireEvent.click(screen.getByLabelText('My own Ed25519 key pair'));
    const key = await screen.findByLabelText('Ed25519 public key');
    fireEvent.change(key, { target: { value: PEM } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ label: 'bot', scopes: ['read'], publicKey: PEM });
    await screen.findByText(/there is no secret to copy/);
    expect(screen.queryByText(/shown only once/)).toBeNull();
  });

  it('asks for the public key before sending an Ed25519 key', async () => {
    const { api, sent } = fakeApi();
    render(
      <TestProviders api={api}>
        <ApiKeys />
      </TestProviders>,
    );
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'bot' } });
    fireEvent.click(screen.getByLabelText('My own Ed25519 key pair'));
    await screen.findByLabelText('Ed25519 public key');
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByText(/Paste the public key/);
    expect(sent).toHaveLength(0);
  });
});
