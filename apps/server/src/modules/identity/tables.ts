import type { Generated, Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema.ts';

/** Kysely's view of the identity tables (migration 0002), named as in SQL. */
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
  /** Set by an operator's freeze (migration 0014); the reasons are the operator's words. */
  login_frozen_at: Generated<string | null>;
  /** The language of the last sign-in (migration 0151). */
  language: Generated<string | null>;
  withdrawals_frozen_at: Generated<string | null>;
  login_freeze_reason: Generated<string | null>;
  withdrawals_freeze_reason: Generated<string | null>;
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
  algorithm: Generated<'hmac-sha256' | 'ed25519'>;
  /** The HMAC secret, AES-256-GCM under the server's key (`v1.` iv.tag.ciphertext). */
  secret_sealed: string | null;
  /** The Ed25519 public key the user uploaded (PEM). */
  public_key: string | null;
  deleted_reason: string | null;
}

export type IdentityTables = {
  users: UsersTable;
  devices: DevicesTable;
  sessions: SessionsTable;
  spent_refresh_tokens: SpentRefreshTokensTable;
  login_log: LoginLogTable;
  login_failures: LoginFailuresTable;
  verification_codes: VerificationCodesTable;
  api_keys: ApiKeysTable;
};

/** The identity module's handle: its tables and the kernel's (outbox, platform facts). */
export type IdentityDb = Kysely<IdentityTables & KernelTables>;
