/** Seed section 9: a socket that failed is opened again after 3 s. */
export const RECONNECT_DELAY_MS = 3000;

/** What the client needs of a WebSocket: the browser's, or `ws` in tests. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

export type SocketFactory = (url: string) => SocketLike;

/**
 * A message on a channel. `seq` numbers the incremental messages of a channel; a
 * message with `snapshot: true` carries the full state and restarts the numbering.
 */
export interface ChannelMessage {
  channel: string;
  seq?: number;
  snapshot?: boolean;
  data?: unknown;
}

export interface Subscription {
  channel: string;
  /**
   * Sent to subscribe, and again after every reconnect and gap; the server answers it with
   * a snapshot of the channel. A function when each send must be made anew (a signed
   * login carries its own time).
   */
  request: unknown;
  /** Sent when the subscriber leaves, if the server wants to be told. */
  release?: unknown;
  onMessage(message: ChannelMessage): void;
}

export interface RealtimeOptions {
  url: string;
  createSocket?: SocketFactory;
  reconnectDelayMs?: number;
  schedule?: (run: () => void, ms: number) => () => void;
  /** Close codes after which reconnecting cannot help (e.g. "another tab took over"). */
  finalCloseCodes?: readonly number[];
  /** Told when one of those ended the connection for good. */
  onFinalClose?: (code: number) => void;
}

const OPEN = 1;

/** The platform's WebSocket (browsers, Node 22+); on Node 20, pass `ws` as `createSocket`. */
function defaultSocket(url: string): SocketLike {
  const Socket = (globalThis as { WebSocket?: new (url: string) => unknown }).WebSocket;
  if (!Socket) {
    throw new Error(
      'No global WebSocket here: pass createSocket, e.g. (url) => new WebSocket(url) from "ws"',
    );
  }
  // The DOM types its handlers with `this: WebSocket`; the shape used here is the same.
  return new Socket(url) as SocketLike;
}

const isHeartbeat = (raw: string, parsed: unknown) =>
  raw === 'heartbeat' ||
  (typeof parsed === 'object' &&
    parsed !== null &&
    (parsed as { type?: unknown }).type === 'heartbeat');

function isChannelMessage(value: unknown): value is ChannelMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { channel?: unknown }).channel === 'string'
  );
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * One realtime connection, outside React (seed sections 4 and 9). Subscriptions made
 * before the socket opens wait for it and are sent again after every reconnect; the
 * server's heartbeat is answered with 'ping'; a gap in a channel's sequence drops the
 * following messages and asks for a fresh snapshot instead of skipping silently.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly subscriptions = new Set<Subscription>();
  /** Last sequence number seen per channel; absent until a snapshot arrives. */
  private readonly lastSeq = new Map<string, number>();
  private cancelReconnect: (() => void) | null = null;
  private closed = false;
  private readonly createSocket: SocketFactory;
  private readonly reconnectDelayMs: number;
  private readonly schedule: (run: () => void, ms: number) => () => void;

  constructor(private readonly options: RealtimeOptions) {
    this.createSocket = options.createSocket ?? defaultSocket;
    this.reconnectDelayMs = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
    this.schedule =
      options.schedule ??
      ((run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      });
  }

  connect(): void {
    this.closed = false;
    this.open();
  }

  /** Subscribes now or as soon as the socket is open; returns the way to leave. */
  subscribe(subscription: Subscription): () => void {
    this.subscriptions.add(subscription);
    if (this.isOpen) this.socket!.send(requestOf(subscription));
    return () => {
      this.subscriptions.delete(subscription);
      if (subscription.release !== undefined && this.isOpen) {
        this.socket!.send(JSON.stringify(subscription.release));
      }
    };
  }

  /** Closes for good: no reconnect. */
  close(): void {
    this.closed = true;
    this.cancelReconnect?.();
    this.cancelReconnect = null;
    this.socket?.close();
    this.socket = null;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  private open(): void {
    const socket = this.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      // Every channel starts again from a snapshot on a new connection.
      this.lastSeq.clear();
      for (const subscription of this.subscriptions) socket.send(requestOf(subscription));
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onerror = () => this.retry(socket);
    socket.onclose = (event) => {
      const code = (event as { code?: unknown } | null)?.code;
      if (typeof code === 'number' && this.options.finalCloseCodes?.includes(code)) {
        if (socket === this.socket) {
          this.close();
          this.options.onFinalClose?.(code);
        }
        return;
      }
      this.retry(socket);
    };
  }

  private retry(socket: SocketLike): void {
    if (this.closed || socket !== this.socket || this.cancelReconnect) return;
    this.socket = null;
    socket.close();
    this.cancelReconnect = this.schedule(() => {
      this.cancelReconnect = null;
      if (!this.closed) this.open();
    }, this.reconnectDelayMs);
  }

  private receive(raw: string): void {
    const parsed = parse(raw);
    if (isHeartbeat(raw, parsed)) {
      this.socket?.send('ping');
      return;
    }
    if (!isChannelMessage(parsed)) return;
    if (!this.inSequence(parsed)) return;
    for (const subscription of this.subscriptions) {
      if (subscription.channel === parsed.channel) subscription.onMessage(parsed);
    }
  }

  /** False for a message that must not be applied: after a gap, until the new snapshot. */
  private inSequence(message: ChannelMessage): boolean {
    if (message.seq === undefined) return true;
    if (message.snapshot) {
      this.lastSeq.set(message.channel, message.seq);
      return true;
    }
    const last = this.lastSeq.get(message.channel);
    if (last === undefined) return false;
    if (message.seq === last + 1) {
      this.lastSeq.set(message.channel, message.seq);
      return true;
    }
    if (message.seq <= last) return false; // a repeat: already applied
    this.lastSeq.delete(message.channel);
    for (const subscription of this.subscriptions) {
      if (subscription.channel === message.channel && this.isOpen) {
        this.socket!.send(requestOf(subscription));
      }
    }
    return false;
  }
}

function requestOf(subscription: Subscription): string {
  const { request } = subscription;
  return JSON.stringify(typeof request === 'function' ? (request as () => unknown)() : request);
}
