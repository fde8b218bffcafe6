import {
  marketChannel,
  marketMessageSchema,
  USER_CHANNEL,
  USER_SOCKET_CLOSE,
  userSocketMessageSchema,
  userSocketPath,
  type MarketMessage,
  type MarketSubscription,
  type UserEvent,
  type UserSocketAuth,
} from '@meridian/contract/realtime';
import { RealtimeClient, type SocketFactory } from './realtime-client.ts';

export interface StreamOptions {
  /** The platform's socket root (its runtime config's `socketUrl`), e.g. `wss://host`. */
  socketUrl: string;
  /** Needed where there is no global WebSocket (Node 20): `(url) => new WebSocket(url)` of `ws`. */
  createSocket?: SocketFactory;
  reconnectDelayMs?: number;
}

const root = (socketUrl: string) => socketUrl.replace(/\/+$/, '');

/** Seed section 7: the market socket lives at `{socketUrl}/ws/{random id}`. */
export function marketSocketUrl(socketUrl: string, id = randomId()): string {
  return `${root(socketUrl)}/ws/${id}`;
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.().replace(/-/g, '') ?? String(Date.now());
}

export type MarketChannelRequest = Omit<MarketSubscription, 'op'>;

/**
 * The market socket, typed. A subscription hears its channel's snapshot first, then its
 * updates in order; after a reconnect, or when an update was lost (a gap in `seq`), it
 * hears a fresh snapshot instead of a hole, so a bot's book is never silently wrong.
 */
export class MarketStream {
  private readonly client: RealtimeClient;
  private started = false;

  constructor(options: StreamOptions) {
    this.client = new RealtimeClient({
      url: marketSocketUrl(options.socketUrl),
      ...(options.createSocket ? { createSocket: options.createSocket } : {}),
      ...(options.reconnectDelayMs !== undefined
        ? { reconnectDelayMs: options.reconnectDelayMs }
        : {}),
    });
  }

  subscribe(request: MarketChannelRequest, onMessage: (message: MarketMessage) => void) {
    const leave = this.client.subscribe({
      channel: marketChannel(request),
      request: { op: 'sub', ...request },
      release: { op: 'unsub', ...request },
      onMessage(raw) {
        const parsed = marketMessageSchema.safeParse(raw);
        if (parsed.success) onMessage(parsed.data);
      },
    });
    if (!this.started) {
      this.started = true;
      this.client.connect();
    }
    return leave;
  }

  close(): void {
    this.client.close();
  }
}

export interface UserStreamOptions extends StreamOptions {
  userId: string;
  /**
   * The first message: `{ op: 'auth', token }`, or a function making a fresh signed API-key
   * login for each connection (`socketLogin` of `@meridian/sdk`).
   */
  login: UserSocketAuth | (() => UserSocketAuth);
  onEvent(event: UserEvent): void;
  /**
   * After every login, the first and each after a reconnect. Events missed while away are
   * not replayed, so this is where a bot reloads its orders and balances.
   */
  onReady?(): void;
  /** The server ended the stream for good (a dead session or key, another user's path). */
  onClosed?(code: number): void;
}

/**
 * The close codes after which logging in again cannot help. A function, not a constant:
 * reading the contract's codes when this module loads would keep the user socket's
 * schemas in a bundle that only uses the market socket (the web app's market pages).
 */
const finalCloseCodes = () => [
  USER_SOCKET_CLOSE.unauthorized,
  USER_SOCKET_CLOSE.forbidden,
  USER_SOCKET_CLOSE.replaced,
];

/**
 * The user socket at `{socketUrl}/ws/coin/{userId}`: the owner's order, fill and balance
 * events, logged in again after every reconnect.
 */
export class UserStream {
  private readonly client: RealtimeClient;

  constructor(options: UserStreamOptions) {
    const { login } = options;
    this.client = new RealtimeClient({
      url: root(options.socketUrl) + userSocketPath(options.userId),
      ...(options.createSocket ? { createSocket: options.createSocket } : {}),
      ...(options.reconnectDelayMs !== undefined
        ? { reconnectDelayMs: options.reconnectDelayMs }
        : {}),
      finalCloseCodes: finalCloseCodes(),
      onFinalClose: (code) => options.onClosed?.(code),
    });
    this.client.subscribe({
      channel: USER_CHANNEL,
      request: typeof login === 'function' ? login : () => login,
      onMessage(raw) {
        const parsed = userSocketMessageSchema.safeParse(raw);
        if (!parsed.success) return;
        const data = parsed.data.data;
        if (data.type === 'ready') options.onReady?.();
        else options.onEvent(data);
      },
    });
    this.client.connect();
  }

  close(): void {
    this.client.close();
  }
}
