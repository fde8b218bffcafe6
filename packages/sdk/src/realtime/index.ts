/*
 * The sockets, browser-safe (no Node built-ins): the web app's live data uses the same
 * client as bots do.
 */
export {
  RECONNECT_DELAY_MS,
  RealtimeClient,
  type ChannelMessage,
  type RealtimeOptions,
  type SocketFactory,
  type SocketLike,
  type Subscription,
} from './realtime-client.ts';
export {
  MarketStream,
  marketSocketUrl,
  UserStream,
  type MarketChannelRequest,
  type StreamOptions,
  type UserStreamOptions,
} from './streams.ts';
