import type { Language } from './languages.ts';
import { API_KEY_MESSAGES } from './messages/api-keys.ts';
import { CATALOGUE_MESSAGES } from './messages/catalogue.ts';
import { CHAT_MESSAGES } from './messages/chat.ts';
import { COMMON_MESSAGES } from './messages/common.ts';
import { CONTENT_MESSAGES } from './messages/content.ts';
import { DEPOSIT_MESSAGES } from './messages/deposits.ts';
import { EARN_MESSAGES } from './messages/earn.ts';
import { IDENTITY_MESSAGES } from './messages/identity.ts';
import { MARGIN_MESSAGES } from './messages/margin.ts';
import { MARKETS_MESSAGES } from './messages/markets.ts';
import { OPERATOR_MESSAGES } from './messages/operators.ts';
import { PERP_MESSAGES } from './messages/perps.ts';
import { RECHARGE_MESSAGES } from './messages/recharges.ts';
import { SECONDS_MESSAGES } from './messages/seconds.ts';
import { SPOT_MESSAGES } from './messages/spot.ts';
import { SWAP_MESSAGES } from './messages/swap.ts';
import { VERIFICATION_MESSAGES } from './messages/verification.ts';
import { WALLET_MESSAGES } from './messages/wallet.ts';
import { WITHDRAWAL_MESSAGES } from './messages/withdrawals.ts';

/**
 * The error catalogue: each kind has its HTTP status (also the envelope `code`) and a
 * message in every language. Messages never carry internal names, SQL or stack traces.
 */
export const ERROR_KINDS = {
  success: 200,
  validation: 400,
  failure: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  /** Answered by the HTTP layer before any route: a request that arrived too slowly. */
  requestTimeout: 408,
  conflict: 409,
  /** A request body the server does not decode: another charset, a content encoding. */
  unsupportedMediaType: 415,
  rateLimited: 429,
  /** Answered by the HTTP layer before any route: headers past Node's size limit. */
  headersTooLarge: 431,
  unknown: 500,
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

/**
 * Message ids are keys, not English sentences. `{name}` placeholders are filled by
 * `formatMessage`.
 */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...IDENTITY_MESSAGES,
  ...MARKETS_MESSAGES,
  ...SPOT_MESSAGES,
  ...VERIFICATION_MESSAGES,
  ...API_KEY_MESSAGES,
  ...OPERATOR_MESSAGES,
  ...CATALOGUE_MESSAGES,
  ...WALLET_MESSAGES,
  ...DEPOSIT_MESSAGES,
  ...RECHARGE_MESSAGES,
  ...WITHDRAWAL_MESSAGES,
  ...SECONDS_MESSAGES,
  ...SWAP_MESSAGES,
  ...PERP_MESSAGES,
  ...MARGIN_MESSAGES,
  ...EARN_MESSAGES,
  ...CHAT_MESSAGES,
  ...CONTENT_MESSAGES,
};

export type MessageId = keyof typeof MESSAGES;

export function formatMessage(
  id: MessageId,
  lang: Language,
  values: Record<string, string | number> = {},
): string {
  const template = MESSAGES[id][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
