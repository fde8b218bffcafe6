import type { FastifyInstance } from 'fastify';
import { getCoinList } from '@meridian/contract';
import type { MarketFeed } from '../market/feed.ts';
import { coinListEntry } from '../market/rows.ts';
import { LISTED_MARKETS } from '../markets/catalogue.ts';
import { registerCall } from './register-call.ts';

/** The `/api/common/...` calls of the older family. */
export function registerCommonCalls(app: FastifyInstance, head: string, market: MarketFeed) {
  registerCall(app, head, getCoinList, async () => {
    const entries = (list: 'second' | 'spot' | 'contract') =>
      LISTED_MARKETS.filter((m) => m.lists[list]).map((m) =>
        coinListEntry(m, market.ticker(m.symbol), list),
      );
    return {
      coinList: entries('second'),
      currencyList: entries('spot'),
      contractList: entries('contract'),
    };
  });
}
