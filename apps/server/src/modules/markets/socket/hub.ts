import type { MarketFeed, MarketUpdate } from '../feed.ts';
import { createThrottle, type Throttle } from '../../../kernel/realtime/throttle.ts';
import {
  channelsOf,
  createBatch,
  throttleMs,
  type ChannelBatch,
  type ChannelSpec,
} from './channels.ts';

/** A subscriber of one channel: a connection numbers and sends what the hub hands it. */
export interface ChannelMember {
  deliver(spec: ChannelSpec, dataJson: string): void;
}

interface Channel {
  spec: ChannelSpec;
  members: Set<ChannelMember>;
  batch: ChannelBatch;
  throttle: Throttle;
}

/**
 * The one listener of the market feed for every market socket. Updates of a channel
 * nobody watches are dropped at once; a watched channel batches its updates, is
 * throttled once for all its subscribers and serialises its data once per send.
 */
export class MarketHub {
  private readonly channels = new Map<string, Channel>();
  private readonly stopFeed: () => void;

  constructor(feed: MarketFeed) {
    this.stopFeed = feed.subscribe((update) => this.receive(update));
  }

  join(spec: ChannelSpec, member: ChannelMember): void {
    let channel = this.channels.get(spec.key);
    if (!channel) {
      const created: Channel = {
        spec,
        members: new Set(),
        batch: createBatch(spec),
        throttle: createThrottle(throttleMs(spec), () => this.flush(created)),
      };
      channel = created;
      this.channels.set(spec.key, channel);
    }
    channel.members.add(member);
  }

  leave(key: string, member: ChannelMember): void {
    const channel = this.channels.get(key);
    if (!channel) return;
    channel.members.delete(member);
    if (channel.members.size === 0) {
      channel.throttle.cancel();
      this.channels.delete(key);
    }
  }

  /** Channels with at least one subscriber (for tests and figures). */
  get channelCount(): number {
    return this.channels.size;
  }

  close(): void {
    this.stopFeed();
    for (const channel of this.channels.values()) channel.throttle.cancel();
    this.channels.clear();
  }

  private receive(update: MarketUpdate): void {
    for (const key of channelsOf(update)) {
      const channel = this.channels.get(key);
      if (!channel) continue;
      channel.batch.add(update);
      channel.throttle.touch();
    }
  }

  private flush(channel: Channel): void {
    const data = channel.batch.take();
    if (data === undefined) return;
    const json = JSON.stringify(data);
    // A member may leave while being delivered to (a slow client is cut off): iterate a copy.
    for (const member of [...channel.members]) member.deliver(channel.spec, json);
  }
}
