import type { FastifyInstance } from 'fastify';
import {
  getCurrencyAccount,
  getMyBalance,
  getMyBill,
  getUserCoin,
  getWalletAccount,
  transferFunds,
  walletTrans,
} from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { idempotencyKey, type Idempotency } from '../../kernel/http/idempotency.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { Balances } from './balances.ts';
import type { Bills } from './bills.ts';
import type { TransferInput, Transfers } from './transfers.ts';

/**
 * The wallet's calls of both families: balances and values, bills, and transfers. The
 * two transfer calls share one idempotency name, so a key used through one replays the
 * same answer through the other.
 */
export function registerWalletCalls(
  app: FastifyInstance,
  head: string,
  deps: { balances: Balances; bills: Bills; transfers: Transfers; idempotency: Idempotency },
) {
  const { balances, bills, transfers, idempotency } = deps;
  const user = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  registerCall(app, head, getWalletAccount, async ({ query }, request) =>
    balances.account(user(request), query.type, query.currency),
  );
  registerCall(app, head, getMyBalance, async ({ query }, request) =>
    balances.balances(user(request), query.type),
  );
  registerCall(app, head, getUserCoin, async ({ body }, request) =>
    balances.userCoins(user(request), body?.type ?? '1'),
  );
  registerCall(app, head, getCurrencyAccount, async ({ body }, request) =>
    balances.currencyAccount(user(request), body.coin, body.type),
  );
  registerCall(app, head, getMyBill, async ({ body }, request) => bills.list(user(request), body));

  const transfer = (request: Parameters<typeof principalOf>[0], input: TransferInput) => {
    const owner = user(request);
    const key = idempotencyKey(request);
    return idempotency.run(
      owner,
      key,
      'wallet.transfer',
      () => transfers.transfer(owner, input, key),
      { recover: () => transfers.transferredWith(owner, key!) },
    );
  };
  registerCall(app, head, transferFunds, async ({ body }, request) => transfer(request, body));
  registerCall(app, head, walletTrans, async ({ query }, request) => transfer(request, query));
}
