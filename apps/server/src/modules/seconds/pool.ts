import { formatUnits, poolAccount, SECONDS_POOL, systemAccount } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';

/** What demo mode puts in each coin's pool once (a fixed reference), from operator capital. */
const DEMO_POOL = '1000000';

/** The second-contract pool per coin: public balance, funding from operator capital. */
export function createPool(engine: EngineFront, coins: () => string[]) {
  const view = (coin: string) => {
    const decimals = engine.asset(coin)?.decimals ?? 0;
    return {
      coin,
      balance: formatUnits(engine.accountBalance(poolAccount(SECONDS_POOL, coin)), decimals),
      committed: formatUnits(engine.secondsCommitted(coin), decimals),
    };
  };

  const fund = async (coin: string, amount: string, ref: string) => {
    const ack = await engine.adjust(
      systemAccount('operator_capital', coin),
      poolAccount(SECONDS_POOL, coin),
      coin,
      amount,
      ref,
    );
    const event = ack.events[0];
    if (event?.type === 'adjusted') return view(coin);
    const reason = event?.type === 'rejected' ? event.reason : 'invalid_amount';
    if (reason === 'duplicate_reference')
      throw new AppError('conflict', 'conflict', {}, 'reference');
    if (reason === 'unknown_asset') throw new AppError('validation', 'unknownCoin', {}, 'coin');
    throw new AppError('validation', 'invalidNumber', { field: 'amount' }, 'amount');
  };

  return {
    all: () => coins().map(view),
    /** An operator's funding: once per reference (the engine refuses a repeat). */
    fund: (coin: string, amount: string, reference: string) =>
      fund(coin, amount, `seconds-pool:${reference}`),
    /** Demo mode's pool, funded once whatever the restarts. */
    async fundDemo(): Promise<void> {
      for (const coin of coins()) {
        await engine.adjust(
          systemAccount('operator_capital', coin),
          poolAccount(SECONDS_POOL, coin),
          coin,
          DEMO_POOL,
          `demo-seconds-pool-${coin}`,
        );
      }
    },
  };
}

export type Pool = ReturnType<typeof createPool>;
