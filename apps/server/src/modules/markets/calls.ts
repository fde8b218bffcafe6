import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addOptional,
  cancelOptional,
  contractDetail,
  getContract,
  getCoinRate,
  getDepth,
  getKlines,
  getOptional,
  getPriceComparison,
  getSpotGoods,
  marketInitData,
  recentTrades,
} from '@meridian/contract';
import { formatUnits } from '@meridian/core';
import type { CoinRate } from './coin-rates.ts';
import type { MarketRuntime } from './market-runtime.ts';
import { findMarket, marketRow } from './rows.ts';
import { percent2 } from './stats.ts';
import type { Catalogue, ListedMarket } from './catalogue.ts';
import type { ContractSource } from './contract-source.ts';
import { AppError } from '../../kernel/errors.ts';
import { principalOf } from '../../kernel/http/auth.ts';
import { registerCall } from '../../kernel/http/register-call.ts';

export interface MarketCallDeps {
  market: MarketRuntime;
  catalogue: Catalogue;
  /** The published reference rates (the defaults with COIN_RATES applied). */
  rates: readonly CoinRate[];
  /** The contract markets and their prices (the perpetuals module's). */
  contracts: ContractSource;
}

/**
 * The quote calls of the `/api/{head}/coin/...` family: read-only views of the market
 * data service, and each user's watchlist. None of them sets a price: prices come from
 * the engine's trades and the index feed only.
 */
export function registerMarketCalls(app: FastifyInstance, head: string, deps: MarketCallDeps) {
  const { data, favourites } = deps.market;
  const { catalogue } = deps;
  const { rates } = deps;
  const listed = (...parts: string[]): ListedMarket => {
    const market = findMarket(catalogue, ...parts);
    if (!market) throw new AppError('notFound', 'unknownMarket');
    return market;
  };

  const favouritesOf = async (request: FastifyRequest) =>
    request.principal ? favourites.list(request.principal.userId) : new Set<string>();

  const contractMarkets = () => {
    const symbols = deps.contracts.symbols();
    return catalogue.markets().filter((m) => symbols.has(m.symbol));
  };

  const rowsOf = async (request: FastifyRequest, list: 'spot' | 'contract') => {
    const mine = await favouritesOf(request);
    if (list === 'contract') {
      const markets = contractMarkets();
      const infos = await deps.contracts.priceInfos(markets.map((m) => m.symbol));
      return markets.map((m) => marketRow(m, infos.get(m.symbol), mine.has(m.symbol)));
    }
    return catalogue
      .markets()
      .filter((m) => m.lists[list])
      .map((m) => marketRow(m, data.ticker(m.symbol), mine.has(m.symbol)));
  };

  registerCall(app, head, getSpotGoods, async (_input, request) => rowsOf(request, 'spot'));
  registerCall(app, head, getContract, async (_input, request) => rowsOf(request, 'contract'));

  registerCall(app, head, marketInitData, async ({ query }, request) => {
    const rows = await rowsOf(request, query.type);
    if (query.type === 'contract') {
      const infos = await deps.contracts.priceInfos(rows.map((r) => r.id));
      return { rows, tickers: rows.flatMap((r) => infos.get(r.id) ?? []) };
    }
    return { rows, tickers: rows.flatMap((r) => data.ticker(r.id) ?? []) };
  });

  registerCall(app, head, contractDetail, async ({ body }) => {
    const markets = body.symbolNameList.flatMap((name) => findMarket(catalogue, name) ?? []);
    if (body.type === 'contract') {
      // A perpetual by its market's name (`BTC/USDT`) or its own symbol (`btcusd`, which
      // no spot market has), of the contract type asked for.
      const symbols = deps.contracts.symbols(body.contractType);
      const wanted = body.symbolNameList.flatMap((name) => {
        const symbol = findMarket(catalogue, name)?.symbol ?? name.toLowerCase();
        return symbols.has(symbol) ? [symbol] : [];
      });
      const infos = await deps.contracts.priceInfos(wanted);
      return wanted.flatMap((symbol) => infos.get(symbol) ?? []);
    }
    return markets.filter((m) => m.lists.spot).flatMap((m) => data.ticker(m.symbol) ?? []);
  });

  registerCall(app, head, recentTrades, async ({ params, query }) =>
    data.trades(listed(params.a, params.b).symbol, query.limit),
  );

  registerCall(app, head, getKlines, async ({ params, query }) =>
    data.candlesBefore(listed(params.symbol).symbol, query.interval, query.limit, query.before),
  );

  registerCall(app, head, getDepth, async ({ params, query }) => {
    const depth = data.depth(listed(params.symbol).symbol, query.limit);
    if (!depth) throw new AppError('notFound', 'unknownMarket');
    return depth;
  });

  registerCall(app, head, getPriceComparison, async ({ params }) => {
    const market = listed(params.a);
    const index = data.indexOf(market.symbol);
    const last = data.lastPrice(market.symbol);
    if (!index || last === undefined) throw new AppError('notFound', 'marketDataUnavailable');
    const q = market.spec.quote.decimals;
    return {
      symbol: market.symbol,
      lastPrice: formatUnits(last, q),
      indexPrice: formatUnits(index.price, q),
      source: deps.market.source.name,
      deviationPercent: percent2(last - index.price, index.price),
      time: index.time,
    };
  });

  registerCall(app, head, getOptional, async (_input, request) => {
    const mine = await favourites.list(principalOf(request).userId);
    return catalogue
      .markets()
      .filter((m) => mine.has(m.symbol))
      .map((m) => marketRow(m, data.ticker(m.symbol), true));
  });

  registerCall(app, head, addOptional, async ({ params }, request) => {
    const market = listed(params.a, params.b);
    await favourites.add(principalOf(request).userId, market.symbol);
    return null;
  });

  registerCall(app, head, cancelOptional, async ({ params }, request) => {
    const market = listed(params.a, params.b);
    await favourites.remove(principalOf(request).userId, market.symbol);
    return null;
  });

  registerCall(app, head, getCoinRate, async () =>
    rates.map((r) => ({
      exchange_value: r.name,
      quote_currency: 'USDT',
      exchange_code: r.code,
      rate: r.rate,
      symbol: r.symbol,
    })),
  );
}
