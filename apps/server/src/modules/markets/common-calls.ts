import type { FastifyInstance } from 'fastify';
import { getCoinList } from '@meridian/contract';
import type { Catalogue } from './catalogue.ts';
import type { MarketFeed } from './feed.ts';
import { coinListEntry } from './rows.ts';
import { registerCall } from '../../kernel/http/register-call.ts';

/** The `/api/common/...` calls of the older family. */
export function registerCommonCalls(
  app: FastifyInstance,
  head: string,
  market: MarketFeed,
  catalogue: Catalogue,
) {
  // The catalogue as it is at each call: a market an operator lists appears at once.
  registerCall(app, head, getCoinList, async () => {
    const entries = (list: 'second' | 'spot' | 'contract') =>
      catalogue
        .markets()
        .filter((m) => m.lists[list])
        .map((m) => coinListEntry(m, market.ticker(m.symbol), list));
    return {
      coinList: entries('second'),
      currencyList: entries('spot'),
      contractList: entries('contract'),
    };
  });
}
