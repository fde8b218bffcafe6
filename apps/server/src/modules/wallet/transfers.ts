import type { MessageId, TransferResult, WalletType } from '@meridian/contract';
import { formatUnits, type RejectReason, type RequestRejection } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { AppError } from '../../kernel/errors.ts';
import { newId } from '../../kernel/secrets.ts';
import type { WalletDb } from './tables.ts';
import { walletOf } from './wallets.ts';

export interface TransferInput {
  from: WalletType;
  to: WalletType;
  coin: string;
  amount: string;
}

/** How an amount the engine could not read is refused, naming the field `amount`. */
const AMOUNT_MESSAGE: Partial<Record<RejectReason | RequestRejection, MessageId>> = {
  invalid_number: 'invalidNumber',
  too_many_decimals: 'tooManyDecimals',
  negative: 'negativeAmount',
  too_large: 'amountTooLarge',
  zero: 'zeroAmount',
  invalid_amount: 'amountTooLarge',
};

/**
 * The engine reference of a transfer: the same Idempotency-Key of the same user always
 * names the same transfer, so the engine moves it once even when the key's stored answer
 * is gone (a crash, or the key's 24 hours past); without a key, a fresh id.
 */
const referenceOf = (user: string, key: string | undefined) =>
  key === undefined ? `${user}:${newId()}` : `${user}:k:${key}`;

/**
 * Transfers between a user's own spot, contract and finance wallets: one journalled
 * engine command each (available to available), refused whole when the source does not
 * cover it. The answer carries what both wallets hold right after it.
 */
export function createTransfers(deps: { db: WalletDb; engine: EngineFront }) {
  const { db, engine } = deps;

  const balancesOf = (user: string, coin: string, types: readonly WalletType[]) =>
    types.map((type) => {
      const b = engine.walletBalances(user, walletOf(type)).find((x) => x.asset === coin)!;
      return { type, available: b.available, held: b.held };
    });

  /**
   * The transfer a reference made, from its projected posting; undefined if none. Its
   * balances are what the wallets hold now: a repeat answered long after the first is
   * told today's figures, never stale ones.
   */
  async function made(user: string, ref: string): Promise<TransferResult | undefined> {
    await engine.projected();
    const posting = await db
      .selectFrom('ledger_postings')
      .selectAll()
      .where('ref_kind', '=', 'transfer')
      .where('ref_id', '=', ref)
      .executeTakeFirst();
    if (!posting) return undefined;
    const wallet = (key: string) => key.split(':')[2] as WalletType;
    const [from, to] = [wallet(posting.from_account), wallet(posting.to_account)];
    return {
      id: ref,
      coin: posting.asset,
      from,
      to,
      amount: posting.amount,
      time: Number(posting.created_at),
      balances: balancesOf(user, posting.asset, [from, to]),
    };
  }

  return {
    /** `key` is the request's Idempotency-Key, if any (see `referenceOf`). */
    async transfer(user: string, input: TransferInput, key?: string): Promise<TransferResult> {
      if (input.from === input.to) throw new AppError('validation', 'sameWallet', {}, 'to');
      const coin = input.coin.trim().toUpperCase();
      if (!engine.asset(coin)) throw new AppError('validation', 'unknownCoin', {}, 'coin');
      const ref = referenceOf(user, key);
      const ack = await engine.transfer(
        user,
        coin,
        { from: walletOf(input.from), to: walletOf(input.to) },
        input.amount,
        ref,
      );
      const refused = ack.events.find((e) => e.type === 'rejected');
      if (refused?.type === 'rejected') {
        if (refused.reason === 'duplicate_reference') {
          const first = await made(user, ref);
          if (first) return first;
        }
        if (refused.reason === 'insufficient_balance') {
          throw new AppError('validation', 'insufficientBalance', { field: coin }, 'amount');
        }
        const message = AMOUNT_MESSAGE[refused.reason];
        if (message) throw new AppError('validation', message, { field: 'amount' }, 'amount');
        throw new Error(`transfer refused by the engine: ${refused.reason}`);
      }
      const done = ack.events.find((e) => e.type === 'transferred');
      if (done?.type !== 'transferred' || ack.ts === null) {
        throw new Error('transfer neither made nor refused');
      }
      return {
        id: ref,
        coin,
        from: input.from,
        to: input.to,
        amount: formatUnits(done.amount, engine.asset(coin)!.decimals),
        time: ack.ts,
        balances: balancesOf(user, coin, [input.from, input.to]),
      };
    },

    /** The transfer a user made with this Idempotency-Key, if the engine took it. */
    transferredWith: (user: string, key: string) => made(user, referenceOf(user, key)),
  };
}

export type Transfers = ReturnType<typeof createTransfers>;
