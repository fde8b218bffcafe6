import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables; one interface per table, named as in SQL. */
export interface PlatformMetaTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: string;
  account: string | null;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  password_hash: string;
  fund_password_hash: string | null;
  anti_phishing_code: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | string | null;
  invite_code: string;
  inviter_id: string | null;
  is_merchant: Generated<number>;
  vip: Generated<number>;
  credit_score: Generated<number>;
  avatar: string | null;
  chat_key: string;
  withdraw_blocked_until: string | null;
  created_at: string;
}

export interface DevicesTable {
  id: string;
  user_id: string;
  fingerprint: string;
  name: string;
  user_agent: string;
  last_ip: string;
  created_at: string;
  last_seen_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  device_id: string;
  access_hash: string;
  refresh_hash: string;
  issued_at: string;
  access_expires_at: string;
  refresh_expires_at: string;
  created_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface SpentRefreshTokensTable {
  hash: string;
  session_id: string;
  spent_at: string;
}

export interface LoginLogTable {
  id: string;
  user_id: string;
  device_id: string | null;
  ip: string;
  user_agent: string;
  success: number;
  created_at: string;
}

export interface LoginFailuresTable {
  identifier: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

export interface VerificationCodesTable {
  id: string;
  channel: 'email' | 'sms';
  target: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface OutboxTable {
  id: string;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  created_at: string;
  delivered_at: string | null;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  label: string;
  api_key: string;
  secret_hash: string;
  scopes: string;
  ip_allowlist: string;
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  deleted_at: string | null;
}

/** Bigint columns read back as a number (SQLite) or a string (PostgreSQL). */
type BigintColumn = ColumnType<string | number, number, number>;

export interface LedgerAssetsTable {
  code: string;
  decimals: number;
}

export interface LedgerPostingsTable {
  id: BigintColumn;
  seq: BigintColumn;
  asset: string;
  from_account: string;
  to_account: string;
  amount: string;
  reason: string;
  ref_kind: string;
  ref_id: string;
  created_at: BigintColumn;
}

export interface LedgerBalancesTable {
  account: string;
  asset: string;
  user_id: string | null;
  balance: string;
  updated_seq: BigintColumn;
}

export interface TradeOrdersTable {
  id: BigintColumn;
  market: string;
  user_id: string;
  side: string;
  kind: string;
  tif: string;
  price: string | null;
  quantity: string | null;
  quote_amount: string | null;
  stop_price: string | null;
  filled: string;
  filled_lots: BigintColumn;
  status: string;
  cancel_reason: string | null;
  /** 1 once the order is live in the book: from the start, or when a stop-limit triggers. */
  triggered: Generated<number>;
  created_at: BigintColumn;
  updated_at: BigintColumn;
}

export interface TradeFillsTable {
  id: BigintColumn;
  market: string;
  price: string;
  quantity: string;
  taker_side: string;
  maker_order_id: BigintColumn;
  taker_order_id: BigintColumn;
  maker_user_id: string;
  taker_user_id: string;
  maker_fee: string;
  taker_fee: string;
  seq: BigintColumn;
  created_at: BigintColumn;
}

/** One idempotency key of one user (migration 0005). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** The call the key was first used for: a key is never replayed into another call. */
  call: string;
  /** The first answer's data as JSON; null while that request is still running. */
  response: string | null;
  created_at: BigintColumn;
}

export interface EngineProjectionTable {
  name: string;
  last_seq: BigintColumn;
}

export interface MarketIndexTicksTable {
  symbol: string;
  time: BigintColumn;
  price: string;
  source: string;
}

export interface MarketCandlesTable {
  symbol: string;
  interval: string;
  open_time: BigintColumn;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount: string;
  trades: number;
}

export interface MarketFavouritesTable {
  user_id: string;
  symbol: string;
  created_at: BigintColumn;
}

export interface DatabaseSchema {
  platform_meta: PlatformMetaTable;
  users: UsersTable;
  devices: DevicesTable;
  sessions: SessionsTable;
  spent_refresh_tokens: SpentRefreshTokensTable;
  login_log: LoginLogTable;
  login_failures: LoginFailuresTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  api_keys: ApiKeysTable;
  ledger_assets: LedgerAssetsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_balances: LedgerBalancesTable;
  trade_orders: TradeOrdersTable;
  trade_fills: TradeFillsTable;
  engine_projection: EngineProjectionTable;
  idempotency_keys: IdempotencyKeysTable;
  market_index_ticks: MarketIndexTicksTable;
  market_candles: MarketCandlesTable;
  market_favourites: MarketFavouritesTable;
}
