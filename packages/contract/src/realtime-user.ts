import { z } from 'zod';
import { chatRecordSchema } from './calls/chat.ts';

/** MQTT topics (seed section 7): public tickers, and each user's own refresh channel. */
export const MQTT_TOPICS = {
  allSymbolDetail: 'all_symbol_detail',
  userRefresh: (userId: string) => `refresh_${userId}`,
  /** A user's customer-service chat (seed section 7's chat key channel): only its owner reads it. */
  chat: (chatKey: string) => `chat_${chatKey}`,
} as const;

/**
 * What a user hears about their own account, on the user socket and on the MQTT topic
 * `refresh_{userId}`, once the engine's results are durable. Amounts are decimal strings.
 */
export const userEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('order'),
    event: z.enum(['accepted', 'triggered', 'filled', 'cancelled']),
    orderId: z.string(),
    symbol: z.string(),
    /** The order's client order id, when it was placed with one. */
    clientOrderId: z.string().optional(),
  }),
  z.object({
    type: z.literal('fill'),
    tradeId: z.string(),
    orderId: z.string(),
    symbol: z.string(),
    role: z.enum(['maker', 'taker']),
    price: z.string(),
    quantity: z.string(),
    clientOrderId: z.string().optional(),
  }),
  z.object({
    type: z.literal('balance'),
    coin: z.string(),
    available: z.string(),
    held: z.string(),
  }),
  /** A second contract settled on an index tick (seed section 7's settlement message). */
  z.object({
    type: z.literal('settlement'),
    orderId: z.string(),
    symbol: z.string(),
    outcome: z.enum(['win', 'loss', 'tie']),
    closePrice: z.string(),
    closeTime: z.number().int(),
    tickId: z.string(),
    profitLoss: z.string(),
    payout: z.string(),
  }),
  /** A customer-service chat message, also on the MQTT topic `chat_{chatKey}`. */
  z.object({
    type: z.literal('chat'),
    record: chatRecordSchema,
    /** Messages from support or the platform the user has not seen yet. */
    unread: z.number().int(),
  }),
  /**
   * A margin account's level fell to the warning level (1.3) or below, still above the
   * liquidation level (1.1): told once per dip, by email too.
   */
  z.object({
    type: z.literal('margin_warning'),
    /** `all` for the cross account, the pair (`btcusdt`) for an isolated one. */
    account: z.string(),
    /** The margin level (assets ÷ debt), a decimal string. */
    level: z.string(),
  }),
]);
export type UserEvent = z.infer<typeof userEventSchema>;

/**
 * The user socket at `{socketUrl}/ws/coin/{userId}` (seed section 7). A browser cannot
 * put a token in a WebSocket's headers and a token in the address would end up in
 * logs, so the first message authenticates: `{ op: 'auth', token }`. The server answers
 * `{ channel: 'user', data: { type: 'ready' } }` and from then on sends the user's own
 * events on the same channel; a wrong token, or a token of another user than the one in
 * the path, closes the socket with `USER_SOCKET_CLOSE.unauthorized` or `.forbidden`.
 * The server's `{ type: 'heartbeat' }` is answered with the text 'ping'. After `ready`
 * (also after a reconnect) a client reloads what it shows: events missed while it was
 * away are not replayed.
 */
export const USER_CHANNEL = 'user';

/**
 * The first message: a session token, or an API-key login signed as a signed request is
 * (README "Programmatic trading"): the canonical string of `GET /ws/coin/{userId}` with
 * no query and an empty body, `timestamp\nGET\n/ws/coin/{userId}\n\n`. The key needs
 * the `read` scope; the socket then carries the key owner's events until the key is
 * deleted or expires.
 */
export const userSocketAuthSchema = z.union([
  z.strictObject({ op: z.literal('auth'), token: z.string().min(1).max(512) }),
  z.strictObject({
    op: z.literal('auth'),
    apiKey: z.string().min(1).max(128),
    timestamp: z.string().regex(/^\d{1,16}$/),
    recvWindow: z
      .string()
      .regex(/^\d{1,6}$/)
      .optional(),
    signature: z.string().min(1).max(256),
  }),
]);
export type UserSocketAuth = z.infer<typeof userSocketAuthSchema>;

export const userSocketMessageSchema = z.object({
  channel: z.literal(USER_CHANNEL),
  data: z.union([z.object({ type: z.literal('ready') }), userEventSchema]),
});
export type UserSocketMessage = z.infer<typeof userSocketMessageSchema>;

/** WebSocket close codes of the user socket (4000-4999 are the application's own). */
export const USER_SOCKET_CLOSE = {
  /** No valid token arrived in time, or the token is not (or no longer) valid. */
  unauthorized: 4401,
  /** The token belongs to another user than the one in the path. */
  forbidden: 4403,
  /**
   * The user opened more sockets than the server keeps (8): the oldest is closed. A
   * client must not reconnect on it, or two of the user's tabs would take turns.
   */
  replaced: 4409,
} as const;

/** The user socket's path for one user: `/ws/coin/{userId}`. */
export const userSocketPath = (userId: string) => `/ws/coin/${encodeURIComponent(userId)}`;
