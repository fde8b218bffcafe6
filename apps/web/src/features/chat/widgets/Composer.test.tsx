import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendChatRecord } from '@meridian/contract/calls/chat';
import { uploadFile } from '@meridian/contract/calls/verification';
import type { CallSpec } from '@meridian/contract/define';
import { ApiError, type ApiCall } from '../../../shared/api/client.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { Composer } from './Composer.tsx';

function fakeApi(handlers: Partial<Record<'send' | 'upload', (input: unknown) => unknown>>) {
  const call = vi.fn(async (spec: CallSpec, input?: unknown) => {
    if (spec === sendChatRecord && handlers.send) return handlers.send(input);
    if (spec === uploadFile && handlers.upload) return handlers.upload(input);
    throw new Error('unexpected call');
  });
  return { call, api: Object.assign(call, { quiet: call }) as unknown as ApiCall };
}

const sends = (call: ReturnType<typeof fakeApi>['call']) =>
  call.mock.calls.filter(([spec]) => spec === sendChatRecord).map(([, input]) => input);

function show(api: ApiCall) {
  render(
    <TestProviders api={api}>
      <Composer chatKey="key-of-the-user" />
    </TestProviders>,
  );
  return screen.getByTestId('chat-input') as HTMLTextAreaElement;
}

const record = { id: '1', content: 'x', content_type: 1, blade_user_id: '1', sender: 'user' };

describe('chat composer', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['chat']);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses blank text and more than 400 characters, sending nothing', async () => {
    const { api, call } = fakeApi({ send: () => record });
    const input = show(api);
    const send = screen.getByTestId('chat-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('content cannot be empty')).toBeTruthy();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'a'.repeat(401) } });
    expect(screen.getByText('At most 400 characters')).toBeTruthy();
    expect(screen.getByText('401/400')).toBeTruthy();
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sends(call)).toHaveLength(0);
  });

  it('adds a line on Ctrl+Enter, sends on Enter once, and is off while sending', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const { api, call } = fakeApi({
      send: () => new Promise((resolve) => (finish = resolve)),
    });
    const input = show(api);
    fireEvent.change(input, { target: { value: 'Where is my deposit?' } });
    input.setSelectionRange(input.value.length, input.value.length);
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(input.value).toBe('Where is my deposit?\n');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sends(call)).toHaveLength(1));
    expect(sends(call)[0]).toEqual({
      body: { content: 'Where is my deposit?\n', contentType: 1, chatId: 'key-of-the-user' },
    });
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish(record));
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('takes images only, and says when an upload failed', async () => {
    const notify = vi.spyOn(notifier, 'notify');
    const { api, call } = fakeApi({
      upload: () => {
        throw new ApiError(400, 'The file is not a JPEG, PNG or WebP image');
      },
    });
    show(api);
    const picker = screen.getByTestId('chat-image-input');
    fireEvent.change(picker, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', 'Only images can be sent (JPEG, PNG or WebP)'),
    );
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(picker, {
      target: { files: [new File(['png?'], 'shot.png', { type: 'image/png' })] },
    });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'error',
        'Upload failed: The file is not a JPEG, PNG or WebP image',
      ),
    );
    expect(sends(call)).toHaveLength(0);
  });
});
