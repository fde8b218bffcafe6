import { randomUUID } from 'node:crypto';
import {
  BANK_NETWORK,
  wayOf,
  type BankCard,
  type ChainNetwork,
  type WithdrawalNetwork,
  type MessageId,
  type OpsWithdrawal,
  type Withdrawal,
  type WithdrawalInfo,
  type WithdrawalInput,
  type WithdrawalState,
} from '@meridian/contract';
import {
  formatUnits,
  parseUnits,
  readAmount,
  type Asset,
  type WithdrawalStep,
} from '@meridian/core';
import type { Ack, EngineFront } from '../../engine/engine-front.ts';
import { iso, type Clock } from '../../kernel/clock.ts';
import type { Claim, IntentRows } from '../../kernel/cluster/intents.ts';
import { AppError } from '../../kernel/errors.ts';
import type { WithdrawalGuard } from '../identity/index.ts';
import { isAddressOn } from './address.ts';
import { CounterRace, dayOf, moveCounter, usedToday } from './daily-limit.ts';
import type { Level, Rules } from './rules.ts';
import type { WithdrawalDb, WithdrawalTables, WithdrawalsTable } from './tables.ts';
import type { Transaction } from 'kysely';

/** States a user or operator may still end: the hold is in the pool. */
const OPEN: readonly string[] = ['review', 'approved'];
/** Between a decision and the engine's posting: claimed, the leader finishing a dead process's. */
const IN_FLIGHT = ['holding', 'cancelling', 'rejecting', 'sending'] as const;
type InFlight = (typeof IN_FLIGHT)[number];

/** What a user sees of a state still in flight: where it is going. */
const SHOWN: Record<string, WithdrawalState> = {
  review: 'review',
  approved: 'approved',
  completed: 'completed',
  cancelled: 'cancelled',
  rejected: 'rejected',
  cancelling: 'cancelled',
  rejecting: 'rejected',
  sending: 'approved',
};

/** The engine's amount refusals as the caller reads them, naming the amount field. */
const REFUSALS: Partial<Record<string, MessageId>> = {
  invalid_number: 'invalidNumber',
  invalid_amount: 'invalidNumber',
  too_many_decimals: 'tooManyDecimals',
  negative: 'negativeAmount',
  too_large: 'amountTooLarge',
  zero: 'zeroAmount',
  insufficient_balance: 'insufficientBalance',
  unknown_asset: 'unknownCoin',
};

function rejectionError(reason: string): AppError {
  return new AppError(
    'validation',
    REFUSALS[reason] ?? 'validation',
    { field: 'amount' },
    'amount',
  );
}

const engineRef = (id: string, step: WithdrawalStep) => `withdrawal:${id}:${step}`;

function toView(row: WithdrawalsTable): Withdrawal {
  return {
    id: row.id,
    way: wayOf(row.network),
    coin: row.coin,
    network: row.network,
    address: row.address,
    amount: row.amount,
    fee: row.fee,
    arrival: row.amount,
    state: SHOWN[row.state] ?? 'review',
    txid: row.txid,
    reason: row.reason,
    createTime: row.created_at,
    updateTime: row.updated_at,
    cancellable: OPEN.includes(row.state),
  };
}

function toOpsView(row: WithdrawalsTable, reviewId: string | null): OpsWithdrawal {
  return { ...toView(row), userId: row.user_id, decidedBy: row.decided_by, reviewId };
}

/** Opens a withdrawal's review item, in the transaction that puts it under review. */
export type OpenReview = (
  trx: Transaction<WithdrawalTables>,
  item: { subjectId: string; userId: string },
) => Promise<string>;

export interface WithdrawalDeps {
  db: WithdrawalDb;
  clock: Clock;
  engine: Pick<EngineFront, 'withdrawal' | 'asset' | 'balance'>;
  rules: Rules;
  guard: WithdrawalGuard;
  levelOf(userId: string): Promise<Level>;
  withdrawalsFrozen(userId: string): Promise<boolean>;
  /** The user's bound bank card, masked: where the bank way pays. */
  bankCardOf(userId: string): Promise<BankCard | null>;
  openReview: OpenReview;
  claim: () => Claim;
}

/** Records an operator's decision in the transaction that makes it. */
export type Audit = (
  trx: Transaction<WithdrawalTables>,
  entry: { action: string; targetId: string; before?: unknown; after?: unknown; reason?: string },
) => Promise<void>;

/** How often a transaction that lost a counter race runs again before answering 409. */
const RACE_RETRIES = 50;

/**
 * Withdrawals to an on-chain address or the user's bound bank card. A submit
 * checks everything before anything changes, counts the amount against the day's limit
 * and writes the row in one transaction, then holds amount + fee in the engine's pending
 * pool; every later step is a conditional update with its engine posting, once per
 * reference, finished on restart if the process stopped in between.
 */
export function createWithdrawals(deps: WithdrawalDeps) {
  const { db, clock, engine, rules, guard, claim } = deps;
  const now = () => iso(clock.now());

  function assetOf(coin: string): Asset {
    const asset = engine.asset(coin);
    if (!asset) throw new AppError('validation', 'unknownCoin', {}, 'coin');
    return asset;
  }

  async function retrying<T>(work: (trx: Transaction<WithdrawalTables>) => Promise<T>) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction().execute(work);
      } catch (error) {
        if (!(error instanceof CounterRace) || attempt >= RACE_RETRIES) {
          if (error instanceof CounterRace) throw new AppError('conflict');
          throw error;
        }
      }
    }
  }

  async function row(id: string): Promise<WithdrawalsTable | undefined> {
    return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Sends one engine step; true when it applied now or before (a repeat after a crash). */
  async function post(r: WithdrawalsTable, step: WithdrawalStep): Promise<Ack> {
    return engine.withdrawal(
      step,
      r.user_id,
      r.coin,
      { amount: r.amount, fee: r.fee },
      engineRef(r.id, step),
      // A bank payout leaves the platform's bank account, not its coin wallets.
      r.network === BANK_NETWORK ? 'bank_receipts' : 'custody',
    );
  }

  function refusal(ack: Ack) {
    const refused = ack.events.find((e) => e.type === 'rejected');
    if (!refused || refused.type !== 'rejected') return undefined;
    // Applied before: a repeat of a step that was posted when the process stopped.
    if (refused.reason === 'duplicate_reference') return undefined;
    return refused;
  }

  /** Gives a withdrawal's amount back to its day's count, in the state change's transaction. */
  async function giveBack(trx: Transaction<WithdrawalTables>, r: WithdrawalsTable) {
    const asset = assetOf(r.coin);
    await moveCounter(
      trx,
      { userId: r.user_id, coin: r.coin, day: r.day },
      -parseUnits(r.amount, asset.decimals),
      undefined,
    );
  }

  /** Moves `from` → `to` if the row is still in `from`; false when someone else moved it. */
  async function advance(
    trx: Pick<Transaction<WithdrawalTables>, 'updateTable'>,
    id: string,
    from: string | readonly string[],
    set: Partial<WithdrawalsTable> & { state: string },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('withdrawals')
      .set({
        ...set,
        updated_at: now(),
        ...((IN_FLIGHT as readonly string[]).includes(set.state) ? claim() : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', typeof from === 'string' ? [from] : [...from])
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** After the hold: under review from the threshold up, approved below it. */
  async function afterHold(r: WithdrawalsTable): Promise<void> {
    const ack = await post(r, 'hold');
    const refused = refusal(ack);
    if (refused) {
      // The balance no longer covers it: the withdrawal never was. Its count goes back.
      await retrying(async (trx) => {
        const gone = await trx
          .deleteFrom('withdrawals')
          .where('id', '=', r.id)
          .where('state', '=', 'holding')
          .executeTakeFirst();
        if (gone.numDeletedRows === 1n) await giveBack(trx, r);
      });
      throw rejectionError(refused.reason);
    }
    const level = await deps.levelOf(r.user_id);
    const rule = await rules.find(r.coin, r.network, level);
    const asset = assetOf(r.coin);
    const threshold = rule ? parseUnits(rule.reviewThreshold, asset.decimals) : 0n;
    const review = parseUnits(r.amount, asset.decimals) >= threshold;
    if (!review) {
      await advance(db, r.id, 'holding', { state: 'approved' });
      return;
    }
    // The item opens with the state change, so no withdrawal waits outside the queue.
    await db.transaction().execute(async (trx) => {
      if (await advance(trx, r.id, 'holding', { state: 'review' })) {
        await deps.openReview(trx, { subjectId: r.id, userId: r.user_id });
      }
    });
  }

  /** Posts a release or a send for a row in flight, then ends it. */
  async function finish(r: WithdrawalsTable): Promise<void> {
    const state = r.state as InFlight;
    if (state === 'holding') {
      try {
        await afterHold(r);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
      return;
    }
    const step: WithdrawalStep = state === 'sending' ? 'send' : 'release';
    const refused = refusal(await post(r, step));
    if (refused) throw new Error(`withdrawal ${r.id} ${step} refused: ${refused.reason}`);
    const end =
      state === 'sending' ? 'completed' : state === 'cancelling' ? 'cancelled' : 'rejected';
    await retrying(async (trx) => {
      if ((await advance(trx, r.id, state, { state: end })) && end !== 'completed') {
        await giveBack(trx, r);
      }
    });
  }

  /**
   * Where a withdrawal goes and under which rule: a chain address checked against its
   * network, or the user's bound card (its masked number is what the row keeps).
   */
  async function destination(
    userId: string,
    input: WithdrawalInput,
    level: Level,
  ): Promise<{ network: WithdrawalNetwork; address: string }> {
    if (input.way === 'bank') {
      if (!(await rules.find(input.coin, BANK_NETWORK, level))) {
        throw new AppError('validation', 'withdrawalBankUnavailable', { coin: input.coin }, 'way');
      }
      const card = await deps.bankCardOf(userId);
      if (!card) throw new AppError('validation', 'withdrawalBankCardRequired', {}, 'way');
      return { network: BANK_NETWORK, address: card.cardNumber };
    }
    // The contract has checked that the address way names a chain and an address.
    const network = input.network as ChainNetwork;
    const address = input.address!;
    if (!(await rules.find(input.coin, network, level))) {
      throw new AppError(
        'validation',
        'withdrawalNetworkUnavailable',
        { coin: input.coin, network },
        'network',
      );
    }
    if (!isAddressOn(network, address)) {
      throw new AppError('validation', 'withdrawalAddressInvalid', { network }, 'address');
    }
    return { network, address };
  }

  async function submit(userId: string, input: WithdrawalInput, clientKey?: string) {
    if (await deps.withdrawalsFrozen(userId)) throw new AppError('forbidden', 'withdrawalsFrozen');
    const security = await guard.security(userId);
    if (security.blockedUntil) {
      throw new AppError('forbidden', 'withdrawLocked', {
        until: security.blockedUntil.slice(0, 16).replace('T', ' '),
      });
    }
    if (!security.fundPasswordSet) {
      throw new AppError('validation', 'fundPasswordRequired', {}, 'fundPassword');
    }
    const asset = assetOf(input.coin);
    const level = await deps.levelOf(userId);
    const { network, address } = await destination(userId, input, level);
    const rule = (await rules.find(input.coin, network, level))!;
    const read = readAmount(asset, input.amount);
    if (!read.ok) throw rejectionError(read.reason);
    if (read.units === 0n) throw rejectionError('zero');
    const min = parseUnits(rule.minAmount, asset.decimals);
    if (read.units < min) {
      throw new AppError(
        'validation',
        'withdrawalBelowMinimum',
        { min: rule.minAmount, coin: input.coin },
        'amount',
      );
    }
    const fee = parseUnits(rule.fee, asset.decimals);
    if (!(await guard.checkFundPassword(userId, input.fundPassword))) {
      throw new AppError('validation', 'fundPasswordWrong', {}, 'fundPassword');
    }
    if (security.totpBound) {
      if (!input.googleCode) throw new AppError('validation', 'totpRequired', {}, 'googleCode');
      if (!(await guard.acceptTotp(userId, input.googleCode))) {
        throw new AppError('validation', 'totpInvalid', {}, 'googleCode');
      }
    }
    const balance = engine.balance(userId, input.coin);
    if (!balance || parseUnits(balance.available, asset.decimals) < read.units + fee) {
      throw rejectionError('insufficient_balance');
    }

    const limit = parseUnits(rule.dailyLimit, asset.decimals);
    const day = dayOf(clock.now());
    const at = now();
    const created: WithdrawalsTable = {
      id: randomUUID(),
      user_id: userId,
      coin: input.coin,
      network,
      address,
      amount: formatUnits(read.units, asset.decimals),
      fee: formatUnits(fee, asset.decimals),
      state: 'holding',
      day,
      client_key: clientKey ?? null,
      txid: null,
      reason: null,
      decided_by: null,
      created_at: at,
      updated_at: at,
      ...claim(),
    };
    await retrying(async (trx) => {
      const counted = await moveCounter(trx, { userId, coin: input.coin, day }, read.units, limit);
      if (!counted.ok) {
        const left = limit > counted.used ? limit - counted.used : 0n;
        throw new AppError(
          'validation',
          'withdrawalOverDailyLimit',
          { left: formatUnits(left, asset.decimals), coin: input.coin },
          'amount',
        );
      }
      await trx.insertInto('withdrawals').values(created).execute();
    });
    await afterHold(created);
    return toView((await row(created.id))!);
  }

  /** A user's own withdrawal, or 404 as for an unknown one. */
  async function own(userId: string, id: string): Promise<WithdrawalsTable> {
    const r = await row(id);
    if (!r || r.user_id !== userId || r.state === 'holding') {
      throw new AppError('notFound');
    }
    return r;
  }

  async function opsViews(rows: WithdrawalsTable[]): Promise<OpsWithdrawal[]> {
    const ids = rows.map((r) => r.id);
    const items = ids.length
      ? await db
          .selectFrom('reviews')
          .select(['id', 'subject_id'])
          .where('kind', '=', 'withdrawal')
          .where('subject_id', 'in', ids)
          .execute()
      : [];
    const reviewOf = new Map(items.map((item) => [item.subject_id, item.id]));
    return rows.map((r) => toOpsView(r, reviewOf.get(r.id) ?? null));
  }

  async function operatorRow(id: string): Promise<WithdrawalsTable> {
    const r = await row(id);
    if (!r || r.state === 'holding') throw new AppError('notFound');
    return r;
  }

  return {
    submit,

    /** The answer of a submit whose response was lost with the process, found by its key. */
    async submittedWith(userId: string, clientKey: string): Promise<Withdrawal | undefined> {
      const r = await db
        .selectFrom('withdrawals')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_key', '=', clientKey)
        .executeTakeFirst();
      if (!r) return undefined;
      if (r.state === 'holding') await finish(r);
      const now = await row(r.id);
      return now ? toView(now) : undefined;
    },

    async info(userId: string): Promise<WithdrawalInfo> {
      const [level, security, frozen] = await Promise.all([
        deps.levelOf(userId),
        guard.security(userId),
        deps.withdrawalsFrozen(userId),
      ]);
      const list = await rules.forLevel(level);
      const day = dayOf(clock.now());
      const coins: WithdrawalInfo['coins'] = [];
      for (const coin of [...new Set(list.map((r) => r.coin))]) {
        const asset = assetOf(coin);
        const networks = list.filter((r) => r.coin === coin);
        const used = await usedToday(db, { userId, coin, day });
        // The coin's limit is the largest of its networks' (each network checks its own).
        const limit = networks
          .map((r) => parseUnits(r.dailyLimit, asset.decimals))
          .reduce((a, b) => (a > b ? a : b), 0n);
        coins.push({
          coin,
          available: engine.balance(userId, coin)?.available ?? '0',
          leftToday: formatUnits(limit > used ? limit - used : 0n, asset.decimals),
          networks,
        });
      }
      return {
        level,
        fundPasswordSet: security.fundPasswordSet,
        totpBound: security.totpBound,
        blockedUntil: security.blockedUntil,
        frozen,
        coins,
      };
    },

    async list(userId: string, query: { current: number; size: number; coin?: string }) {
      let base = db
        .selectFrom('withdrawals')
        .where('user_id', '=', userId)
        .where('state', '!=', 'holding');
      if (query.coin) base = base.where('coin', '=', query.coin);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map(toView),
        total: Number(count.n),
        current: query.current,
        size: query.size,
      };
    },

    async cancel(userId: string, id: string): Promise<Withdrawal> {
      const r = await own(userId, id);
      await db.transaction().execute(async (trx) => {
        // A cancelled withdrawal needs no decision: its waiting queue item goes with it.
        // The item first, in the order a decision takes the two rows, so neither waits on
        // the other; a withdrawal no longer open undoes the removal.
        await trx
          .deleteFrom('reviews')
          .where('kind', '=', 'withdrawal')
          .where('subject_id', '=', r.id)
          .where('state', '=', 'pending')
          .execute();
        if (!(await advance(trx, r.id, OPEN, { state: 'cancelling' }))) {
          throw new AppError('conflict', 'withdrawalNotCancellable');
        }
      });
      await finish({ ...r, state: 'cancelling' });
      return toView((await row(id))!);
    },

    async opsList(query: {
      state?: WithdrawalState;
      userId?: string;
      current: number;
      size: number;
    }) {
      let base = db.selectFrom('withdrawals').where('state', '!=', 'holding');
      if (query.state) {
        const states = Object.entries(SHOWN)
          .filter(([, shown]) => shown === query.state)
          .map(([state]) => state);
        base = base.where('state', 'in', states);
      }
      if (query.userId) base = base.where('user_id', '=', query.userId);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy(
            'created_at',
            query.state === 'review' || query.state === 'approved' ? 'asc' : 'desc',
          )
          .orderBy('id')
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: await opsViews(rows),
        total: Number(count.n),
        current: query.current,
        size: query.size,
      };
    },

    /** Operators' views of rows, each with its review item if it had one. */
    opsViews,

    /** One withdrawal as operators see it (a review item's subject). */
    async opsView(id: string): Promise<OpsWithdrawal> {
      const [view] = await opsViews([await operatorRow(id)]);
      return view!;
    },

    /** A user's withdrawals, newest first: what a reviewer weighs a new one against. */
    async opsOfUser(userId: string, limit: number): Promise<OpsWithdrawal[]> {
      const rows = await db
        .selectFrom('withdrawals')
        .selectAll()
        .where('user_id', '=', userId)
        .where('state', '!=', 'holding')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return opsViews(rows);
    },

    /** What the user has asked to withdraw of the coin on the withdrawal's day. */
    async dayTotal(r: { userId: string; coin: string; day: string }): Promise<string> {
      return formatUnits(await usedToday(db, r), assetOf(r.coin).decimals);
    },

    row: operatorRow,

    /** Several rows by id, in one read (a page of the review queue). */
    async rowsById(ids: readonly string[]): Promise<Map<string, WithdrawalsTable>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('withdrawals').selectAll().where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * The queue's decision on a withdrawal under review, in the decision's transaction:
     * review → approved, or review → rejecting with the reason the user reads (its release
     * follows in `settleRejection`). Anything but `review` undoes the decision.
     */
    async decided(
      trx: Transaction<WithdrawalTables>,
      id: string,
      operatorId: string,
      verdict: { state: 'approved' } | { state: 'rejected'; reason: string },
    ): Promise<void> {
      const moved =
        verdict.state === 'approved'
          ? await advance(trx, id, 'review', { state: 'approved', decided_by: operatorId })
          : await advance(trx, id, 'review', {
              state: 'rejecting',
              decided_by: operatorId,
              reason: verdict.reason,
            });
      if (!moved) throw new AppError('conflict', 'withdrawalStateChanged');
    },

    /** Posts a committed rejection's release and ends it (the start-up pass does it too). */
    async settleRejection(id: string): Promise<void> {
      const r = await row(id);
      if (r?.state === 'rejecting') await finish(r);
    },

    /** Rejects an approved withdrawal not yet sent; one under review is the queue's. */
    async reject(id: string, operatorId: string, reason: string, audit: Audit) {
      const r = await operatorRow(id);
      if (r.state === 'review') throw new AppError('conflict', 'withdrawalUnderReview');
      await db.transaction().execute(async (trx) => {
        const moved = await advance(trx, id, 'approved', {
          state: 'rejecting',
          decided_by: operatorId,
          reason,
        });
        if (!moved) throw new AppError('conflict', 'withdrawalStateChanged');
        await audit(trx, {
          action: 'withdrawal.reject',
          targetId: id,
          before: { state: r.state },
          reason,
        });
      });
      await finish({ ...r, state: 'rejecting' });
      return this.opsView(id);
    },

    /**
     * Records an approved withdrawal as paid: a chain one with its transaction id, a bank
     * one with the bank payment's reference. Either is kept as the row's `txid`.
     */
    async sent(
      id: string,
      operatorId: string,
      proof: { txid?: string | undefined; reference?: string | undefined },
      audit: Audit,
    ) {
      const r = await operatorRow(id);
      const bank = r.network === BANK_NETWORK;
      const txid = bank ? proof.reference : proof.txid;
      // The proof of the other way is refused, alone or beside the right one.
      if (txid === undefined || (bank ? proof.txid : proof.reference) !== undefined) {
        throw bank
          ? new AppError('validation', 'withdrawalReferenceRequired', {}, 'reference')
          : new AppError('validation', 'withdrawalTxidRequired', {}, 'txid');
      }
      await db.transaction().execute(async (trx) => {
        const moved = await advance(trx, id, 'approved', {
          state: 'sending',
          decided_by: operatorId,
          txid,
        });
        if (!moved) throw new AppError('conflict', 'withdrawalStateChanged');
        await audit(trx, {
          action: 'withdrawal.sent',
          targetId: id,
          before: { state: r.state },
          after: bank ? { reference: txid } : { txid },
        });
      });
      await finish({ ...r, state: 'sending', txid });
      return this.opsView(id);
    },

    /** Withdrawals between a decision and its posting. */
    intents: {
      pending: () =>
        db
          .selectFrom('withdrawals')
          .selectAll()
          .where('state', 'in', [...IN_FLIGHT])
          .orderBy('created_at')
          .execute(),
      finish,
    } satisfies IntentRows<WithdrawalsTable>,
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawals>;
