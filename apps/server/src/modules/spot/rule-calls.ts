import type { FastifyInstance } from 'fastify';
import { securityFund, spotMarkets } from '@meridian/contract';
import type { SpotDb } from './tables.ts';
import type { Catalogue } from '../markets/index.ts';
import { securityFundBalances, spotMarketRules } from './public-rules.ts';
import { registerCall } from '../../kernel/http/register-call.ts';

/** The public spot calls: the security fund's balance and every market's trading rules. */
export function registerSpotRuleCalls(
  app: FastifyInstance,
  head: string,
  deps: { db: SpotDb; catalogue: Catalogue; coins: () => readonly string[] },
) {
  registerCall(app, head, securityFund, async () => securityFundBalances(deps.db, deps.coins()));
  registerCall(app, head, spotMarkets, async () => spotMarketRules(deps.catalogue));
}
