import { describe, expect, it, vi } from 'vitest';
import { createUserEvents } from '../../../shared/realtime/user-events.ts';
import { listenToChat } from './chat-feed.ts';

const record = {
  id: '7',
  content: 'hello',
  content_type: 1 as const,
  blade_user_id: '0',
  sender: 'support' as const,
  create_time: '2026-11-24T12:00:00.000Z',
};

describe('chat feed', () => {
  it('hands over chat messages with their unread count, and reloads on ready', () => {
    const events = createUserEvents();
    const onChat = vi.fn();
    const onReady = vi.fn();
    const stop = listenToChat(events, { onChat, onReady });
    events.emit({ type: 'ready' });
    expect(onReady).toHaveBeenCalledTimes(1);
    events.emit({ type: 'chat', record, unread: 3 });
    expect(onChat).toHaveBeenCalledWith({ record, unread: 3 });
    events.emit({ type: 'balance', coin: 'USDT', available: '1', held: '0' });
    expect(onChat).toHaveBeenCalledTimes(1);
    stop();
    events.emit({ type: 'chat', record, unread: 4 });
    expect(onChat).toHaveBeenCalledTimes(1);
  });
});
