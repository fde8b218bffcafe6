import { z } from 'zod';
import {
  candleSchema,
  depthSchema,
  klineIntervalSchema,
  priceInfoSchema,
  symbolSchema,
  tradeSchema,
} from './calls/market.ts';

/**
 * The market socket at `{socketUrl}/ws/{random id}` (seed section 7). A client sends
 * `{ op: 'sub' | 'unsub', type, symbol, interval? }`; the server answers a subscription
 * with a snapshot of the channel and then sends numbered updates. Every 5 s the server
 * sends `{ type: 'heartbeat' }`; the client answers `ping`.
 */
export const marketChannelTypeSchema = z.enum(['DETAIL', 'KLINE', 'TRADE', 'DEPTH']);
export type MarketChannelType = z.infer<typeof marketChannelTypeSchema>;

export const marketSubscriptionSchema = z.strictObject({
  op: z.enum(['sub', 'unsub']),
  type: marketChannelTypeSchema,
  /** A market symbol, or `all` for the DETAIL of every market. */
  symbol: z.union([symbolSchema, z.literal('all')]),
  interval: klineIntervalSchema.optional(),
});
export type MarketSubscription = z.infer<typeof marketSubscriptionSchema>;

/** The channel a subscription names: `DETAIL:btcusdt`, `KLINE:btcusdt:1m`, ... */
export function marketChannel(
  sub: Pick<MarketSubscription, 'type' | 'symbol' | 'interval'>,
): string {
  return sub.type === 'KLINE'
    ? `KLINE:${sub.symbol}:${sub.interval ?? '1m'}`
    : `${sub.type}:${sub.symbol}`;
}

/**
 * What the server sends on a channel. `seq` numbers a channel's messages from its
 * snapshot; a gap means a message was lost and the client asks for a fresh snapshot.
 */
export const marketMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('DETAIL'),
    channel: z.string(),
    seq: z.number().int(),
    snapshot: z.boolean(),
    data: z.array(priceInfoSchema),
  }),
  z.object({
    type: z.literal('KLINE'),
    channel: z.string(),
    seq: z.number().int(),
    snapshot: z.boolean(),
    /** The snapshot carries recent candles; an update carries the changed last one(s). */
    data: z.array(candleSchema),
  }),
  z.object({
    type: z.literal('TRADE'),
    channel: z.string(),
    seq: z.number().int(),
    snapshot: z.boolean(),
    data: z.array(tradeSchema),
  }),
  z.object({
    type: z.literal('DEPTH'),
    channel: z.string(),
    seq: z.number().int(),
    snapshot: z.boolean(),
    /** Always the full top levels: a lost update never leaves a wrong book on screen. */
    data: depthSchema,
  }),
]);
export type MarketMessage = z.infer<typeof marketMessageSchema>;
