import { USER_CHANNEL, USER_SOCKET_CLOSE, userSocketPath, userSocketMessageSchema, type UserSocketAuth } from '@meridian/contract/realtime';
import { Batcher, defaultSchedule, type Schedule } from '../../../shared/realtime/batcher.ts';
import { userEvents } from '../../../shared/realtime/user-events.ts';
import { RealtimeClient, type SocketFactory } from '@meridian/sdk/realtime';

/** At most ~4 reloads a second: a burst of fills reloads once, not once per fill. */
export const USER_FEED_BATCH_MS = 250;

export interface UserFeedOptions {
  socketUrl: string;
  userId: string;
  token: string;
  /** Reloads every query whose key starts with `['spot']`. */
  invalidateSpot: () => void;
  /** One of the user's orders filled completely; `symbol` is its market. */
  onOrderFilled: (symbol: string, orderId: string) => void;
  createSocket?: SocketFactory;
  reconnectDelayMs?: number;
  schedule?: Schedule;
}

/**
 * The signed-in user's own socket at `{socketUrl}/ws/coin/{userId}`. Its subscription is
 * the auth message, so the client sends it again after every reconnect and the server
 * answers `ready` each time; missed events are not replayed, which is why `ready`
 * reloads the spot data as any order, fill or balance event does.
 */
export function openUserFeed(options: UserFeedOptions): () => void {
  const client = new RealtimeClient({
    url: options.socketUrl.replace(/\/+$/, '') + userSocketPath(options.userId),
    createSocket: options.createSocket,
    reconnectDelayMs: options.reconnectDelayMs,
    schedule: options.schedule,
    // Another user's path, or a newer socket of the same user replacing this one: trying
    // again would only take the place back from the newer tab.
    finalCloseCodes: [USER_SOCKET_CLOSE.forbidden, USER_SOCKET_CLOSE.replaced],
  });
  const reloads = new Batcher<true>(
    USER_FEED_BATCH_MS,
    () => options.invalidateSpot(),
    options.schedule ?? defaultSchedule,
  );
  const auth: UserSocketAuth = { op: 'auth', token: options.token };
  client.subscribe({
    channel: USER_CHANNEL,
    request: auth,
    onMessage(message) {
      const parsed = userSocketMessageSchema.safeParse(message);
      if (!parsed.success) return;
      const event = parsed.data.data;
      // Every feature hears the one socket (the chat's messages, its reload on ready).
      userEvents.emit(event);
      // A customer-service chat message changes nothing the spot pages show; a margin
      // warning moves no money (the margin feature reloads its own accounts on it).
      if (event.type === 'chat' || event.type === 'margin_warning') return;
      if (event.type === 'order' && event.event === 'filled') options.onOrderFilled(event.symbol, event.orderId);
      reloads.push([true]);
    },
  });
  client.connect();
  return () => {
    reloads.clear();
    client.close();
  };
}
