import type { FastifyInstance } from 'fastify';
import { getCoinList } from '@meridian/contract';
import type { Catalogue } from './catalogue.ts';
import type { ContractSource } from './contract-source.ts';
import type { MarketFeed } from './feed.ts';
import { coinListEntry } from './rows.ts';
import { registerCall } from '../../kernel/http/register-call.ts';

/** The `/api/common/...` calls of the older family. */
export function registerCommonCalls(
  app: FastifyInstance,
  head: string,
  market: MarketFeed,
  catalogue: Catalogue,
  contracts: ContractSource,
) {
  // The catalogue as it is at each call: a market an operator lists appears at once.
  registerCall(app, head, getCoinList, async () => {
    const entries = (list: 'second' | 'spot') =>
      catalogue
        .markets()
        .filter((m) => m.lists[list])
        .map((m) => coinListEntry(m, market.ticker(m.symbol), list));
    // The contract list: the markets with a perpetual, with the perpetuals' own figures.
    const symbols = contracts.symbols();
    const perpetual = catalogue.markets().filter((m) => symbols.has(m.symbol));
    const infos = await contracts.priceInfos(perpetual.map((m) => m.symbol));
    return {
      coinList: entries('second'),
      currencyList: entries('spot'),
      contractList: perpetual.map((m) => coinListEntry(m, infos.get(m.symbol), 'contract')),
    };
  });
}
