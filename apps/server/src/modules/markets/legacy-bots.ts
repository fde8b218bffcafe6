import { Decimal, systemAccount, userAccount } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import type { ListedMarket } from './catalogue.ts';

/**
 * Before market making had an account class of its own, the bots traded as users
 * (`mm-<symbol>`, `sim-flow`) funded from the platform float, so their money counted as
 * owed to users. Their orders are cancelled and what they hold goes back to the float,
 * each coin once by reference; the bots now run as `mm.` owners on operator capital.
 */
export async function retireLegacyBots(
  engine: Pick<EngineFront, 'openOrders' | 'cancelOrder' | 'balances' | 'adjust'>,
  markets: ListedMarket[],
): Promise<string[]> {
  const retired: string[] = [];
  for (const owner of [...markets.map((m) => `mm-${m.symbol}`), 'sim-flow']) {
    for (const market of markets) {
      for (const order of engine.openOrders(owner, market.symbol)) {
        await engine.cancelOrder(owner, market.symbol, order.id);
      }
    }
    for (const balance of engine.balances(owner)) {
      if (Decimal.parse(balance.available)?.isZero() !== false) continue;
      const ack = await engine.adjust(
        userAccount(owner, balance.asset, 'available'),
        systemAccount('platform_float', balance.asset),
        balance.asset,
        balance.available,
        `retire:${owner}:${balance.asset}`,
      );
      const refused = ack.events.find((e) => e.type === 'rejected');
      if (refused) throw new Error(`retiring ${owner} refused: ${JSON.stringify(refused)}`);
      retired.push(`${owner}:${balance.asset}`);
    }
  }
  return retired;
}
