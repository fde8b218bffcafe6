import type { CallSpec } from '../define.ts';
import * as catalogue from './catalogue.ts';
import * as chat from './chat.ts';
import * as content from './content.ts';
import * as custody from './custody.ts';
import * as deposits from './deposits.ts';
import * as dev from './dev.ts';
import * as earn from './earn.ts';
import * as margin from './margin.ts';
import * as market from './market.ts';
import * as member from './member.ts';
import * as operators from './operators.ts';
import * as perps from './perps.ts';
import * as recharges from './recharges.ts';
import * as reviews from './reviews.ts';
import * as seconds from './seconds.ts';
import * as siteSettings from './site-settings.ts';
import * as spot from './spot.ts';
import * as swap from './swap.ts';
import * as system from './system.ts';
import * as user from './user.ts';
import * as verification from './verification.ts';
import * as wallet from './wallet.ts';
import * as withdrawals from './withdrawals.ts';

export * from './catalogue.ts';
export * from './chat.ts';
export * from './content.ts';
export * from './custody.ts';
export * from './deposits.ts';
export * from './dev.ts';
export * from './earn.ts';
export * from './margin.ts';
export * from './market.ts';
export * from './member.ts';
export * from './operators.ts';
export * from './recharges.ts';
export * from './reviews.ts';
export * from './perps.ts';
export * from './seconds.ts';
export * from './site-settings.ts';
export * from './spot.ts';
export * from './swap.ts';
export * from './system.ts';
export * from './user.ts';
export * from './verification.ts';
export * from './wallet.ts';
export * from './withdrawals.ts';

function isCall(value: unknown): value is CallSpec {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'auth' in value &&
    'data' in value
  );
}

/**
 * Every call the platform serves, gathered from the call modules so a new call cannot be
 * left out: the server registers each, the docs list each, the fuzz test feeds each junk.
 */
export const ALL_CALLS: readonly CallSpec[] = [
  system,
  user,
  member,
  market,
  spot,
  dev,
  operators,
  catalogue,
  verification,
  reviews,
  wallet,
  deposits,
  custody,
  recharges,
  withdrawals,
  seconds,
  perps,
  margin,
  swap,
  earn,
  content,
  siteSettings,
  chat,
].flatMap((module) => Object.values(module).filter(isCall));
