import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { marketSubscriptionSchema } from '@meridian/contract';
import type { MarketFeed } from '../feed.ts';
import { channelSpec, encodeMessage, snapshotOf, type ChannelSpec } from './channels.ts';
import type { ChannelMember, MarketHub } from './hub.ts';

export interface MarketSocketLimits {
  /** Channels one connection may watch at once. */
  maxSubscriptions: number;
  /** Largest client message accepted (bytes); a subscription is well under 200. */
  maxMessageBytes: number;
  /** Bytes queued for a client before it counts as too slow and is cut off. */
  maxBufferedBytes: number;
  /** How often the server sends `{ "type": "heartbeat" }`. */
  heartbeatMs: number;
  /** A connection that sent nothing (not even `ping`) for this long is closed. */
  idleMs: number;
}

export const DEFAULT_LIMITS: MarketSocketLimits = {
  maxSubscriptions: 50,
  maxMessageBytes: 4096,
  maxBufferedBytes: 1024 * 1024,
  heartbeatMs: 5000,
  idleMs: 30_000,
};

/** Close codes the market socket uses (4000-4999 are the application's own). */
export const CLOSE_CODES = { tooBig: 1009, idle: 4000 } as const;

const HEARTBEAT = '{"type":"heartbeat"}';
const OPEN = 1;

/** One channel of one connection: its own numbering, paused while a snapshot is built. */
class Subscription implements ChannelMember {
  seq = 0;
  ready = false;
  generation = 0;

  constructor(private readonly connection: MarketConnection) {}

  deliver(spec: ChannelSpec, dataJson: string): void {
    if (!this.ready) return;
    this.seq += 1;
    this.connection.send(encodeMessage(spec, this.seq, false, dataJson));
  }
}

/**
 * One market socket: reads subscriptions, answers each with a snapshot and then the
 * channel's numbered updates. A repeated `sub` of a watched channel is the client's
 * resync after a gap: it gets a fresh snapshot and the numbering starts again at 0.
 */
export class MarketConnection {
  private readonly subscriptions = new Map<string, Subscription>();
  private lastHeard = performance.now();
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly hub: MarketHub,
    private readonly feed: MarketFeed,
    private readonly limits: MarketSocketLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  receive(raw: string): void {
    // A cut-off client's last frames may still be read: they must not join channels again.
    if (this.closed) return;
    this.lastHeard = performance.now();
    if (Buffer.byteLength(raw) > this.limits.maxMessageBytes) {
      this.error(`message larger than ${this.limits.maxMessageBytes} bytes`);
      this.socket.close(CLOSE_CODES.tooBig, 'message too big');
      return;
    }
    if (raw === 'ping') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      this.error('not JSON: send {"op":"sub"|"unsub","type":...,"symbol":...} or ping');
      return;
    }
    const parsed = marketSubscriptionSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      this.error(`invalid subscription: ${where}${issue?.message ?? 'unknown shape'}`);
      return;
    }
    const spec = channelSpec(parsed.data, this.feed.symbols());
    if (typeof spec === 'string') {
      this.error(spec);
      return;
    }
    if (parsed.data.op === 'sub') void this.subscribe(spec);
    else this.unsubscribe(spec.key);
  }

  /** Heartbeat tick: say we are alive, and close a client that has gone quiet. */
  beat(now: number): void {
    if (now - this.lastHeard >= this.limits.idleMs) {
      this.socket.close(CLOSE_CODES.idle, 'idle');
      return;
    }
    this.send(HEARTBEAT);
  }

  /**
   * Sends unless the client is not reading: ws would otherwise queue without bound in
   * server memory, so a client whose backlog passed the limit is cut off instead.
   */
  send(text: string): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.log.warn(
        { bufferedBytes: this.socket.bufferedAmount },
        'market socket: slow client cut off',
      );
      this.dispose();
      this.socket.terminate();
      return;
    }
    this.socket.send(text);
  }

  /** Leaves every channel; called when the socket closes. */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const [key, subscription] of this.subscriptions) this.hub.leave(key, subscription);
    this.subscriptions.clear();
  }

  private async subscribe(spec: ChannelSpec): Promise<void> {
    let subscription = this.subscriptions.get(spec.key);
    if (!subscription) {
      if (this.subscriptions.size >= this.limits.maxSubscriptions) {
        this.error(`at most ${this.limits.maxSubscriptions} subscriptions per connection`);
        return;
      }
      subscription = new Subscription(this);
      this.subscriptions.set(spec.key, subscription);
      this.hub.join(spec, subscription);
    }
    // Updates wait until the snapshot is out, so the client never sees one before it.
    subscription.ready = false;
    const generation = ++subscription.generation;
    let data: unknown;
    try {
      data = await snapshotOf(this.feed, spec);
    } catch (error) {
      this.log.error({ err: error, channel: spec.key }, 'market socket: snapshot failed');
      if (this.subscriptions.get(spec.key) === subscription) this.unsubscribe(spec.key);
      this.error(`${spec.key} is unavailable, subscribe again later`);
      return;
    }
    // Unsubscribed, closed or subscribed again while the snapshot was being read.
    if (
      this.closed ||
      this.subscriptions.get(spec.key) !== subscription ||
      subscription.generation !== generation
    ) {
      return;
    }
    subscription.seq = 0;
    subscription.ready = true;
    this.send(encodeMessage(spec, 0, true, JSON.stringify(data)));
  }

  private unsubscribe(key: string): void {
    const subscription = this.subscriptions.get(key);
    if (!subscription) return;
    this.subscriptions.delete(key);
    this.hub.leave(key, subscription);
  }

  private error(message: string): void {
    this.send(JSON.stringify({ type: 'error', message }));
  }
}
