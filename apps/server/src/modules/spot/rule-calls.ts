import type { FastifyInstance } from 'fastify';
import { securityFund, spotMarkets } from '@meridian/contract';
import type { SpotDb } from './tables.ts';
import { securityFundBalances, spotMarketRules } from './public-rules.ts';
import { registerCall } from '../../kernel/http/register-call.ts';

/** The public spot calls: the security fund's balance and every market's trading rules. */
export function registerSpotRuleCalls(app: FastifyInstance, head: string, db: SpotDb) {
  registerCall(app, head, securityFund, async () => securityFundBalances(db));
  registerCall(app, head, spotMarkets, async () => spotMarketRules());
}
