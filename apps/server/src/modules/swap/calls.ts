import type { FastifyInstance } from 'fastify';
import { currencyExchange, getCurrencyPrice, getSwapLog, getSwapTerms } from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { idempotencyKey, type Idempotency } from '../../kernel/http/idempotency.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { Exchange } from './exchange.ts';
import type { IndexPrices } from './index-prices.ts';
import type { Quotes } from './quotes.ts';
import type { Terms } from './terms.ts';

/** Per address: the page asks once per quote validity and per settled typing. */
const QUOTES_PER_MINUTE = 300;

/** The users' swap calls: the published terms, a quote, the swap and its log. */
export function registerSwapCalls(
  app: FastifyInstance,
  head: string,
  deps: {
    terms: Terms;
    prices: IndexPrices;
    quotes: Quotes;
    exchange: Exchange;
    idempotency: Idempotency;
  },
) {
  const { terms, prices, quotes, exchange, idempotency } = deps;
  const user = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  registerCall(app, head, getSwapTerms, async () => terms.published(prices.offered()));
  // Each quote is a stored row: a caller asking far more often than the page does is cut off.
  registerCall(
    app,
    head,
    getCurrencyPrice,
    async ({ body }, request) => quotes.quote(user(request), body),
    { perMinute: QUOTES_PER_MINUTE },
  );
  registerCall(app, head, currencyExchange, async ({ body }, request) => {
    const owner = user(request);
    return idempotency.run(
      owner,
      idempotencyKey(request),
      'swap.exchange',
      () => exchange.exchange(owner, body.quoteId),
      { recover: () => exchange.recovered(owner, body.quoteId) },
    );
  });
  registerCall(app, head, getSwapLog, async ({ body }, request) =>
    exchange.log(user(request), body),
  );
}
