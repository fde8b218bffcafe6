import { randomInt, randomUUID } from 'node:crypto';
import type { BankRecharge, RechargeBank } from '@meridian/contract';
import { formatUnits, parseUnits, UnitsError } from '@meridian/core';
import type { Kysely } from 'kysely';
import type { EngineFront } from '../../engine/engine-front.ts';
import { iso, type Clock } from '../../kernel/clock.ts';
import { UNCLAIMED, type Claim, type IntentRows } from '../../kernel/cluster/intents.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Catalogue } from '../markets/index.ts';
import type { ReviewKindHandler, VerificationService } from '../verification/index.ts';
import type { BankDetails } from './bank-details.ts';
import type { BankDb, BankRechargesTable, BankTables } from './bank-tables.ts';

export interface RechargeInput {
  coin: string;
  amount: string;
  screenshotId?: string | undefined;
}

/** The engine's reference of a recharge's credit: applied once, however often it is sent. */
export const bankCreditRef = (id: string) => `bank:${id}`;

/** No order is larger than this many whole coins, whatever the published maximum says. */
const MAX_WHOLE = 10n ** 15n;

/**
 * A readable order number: the day and ten random digits (`BR20261122` + `4820193716`).
 * Two orders drawing the same number is unlikely but possible; the unique key refuses the
 * second, and its submit draws again.
 */
function orderNumber(now: Date): string {
  const day = iso(now).slice(0, 10).replaceAll('-', '');
  const digits = String(randomInt(0, 10_000_000_000)).padStart(10, '0');
  return `BR${day}${digits}`;
}

/** Draws of an order number before a submit gives up (each a one-in-ten-billion clash). */
const ORDER_NUMBER_DRAWS = 5;

export function rechargeView(row: BankRechargesTable): BankRecharge {
  return {
    id: row.id,
    orderNo: row.order_no,
    coin: row.coin,
    amount: row.amount,
    // Credited is approved as the user reads it; `creditTime` says the money arrived.
    status: row.state === 'credited' ? 'approved' : row.state,
    reason: row.reason,
    createTime: row.created_at,
    decideTime: row.decided_at,
    creditTime: row.credited_at,
  };
}

/** What the user must be refused for an amount, in the coin's rules and the offer's bounds. */
function readAmount(text: string, offer: RechargeBank): string {
  const { decimals, coin } = offer;
  let units: bigint;
  try {
    units = parseUnits(text, decimals, { max: MAX_WHOLE * 10n ** BigInt(decimals) });
  } catch (error) {
    if (!(error instanceof UnitsError)) throw error;
    if (error.reason === 'precision') {
      throw new AppError('validation', 'depositAmountPrecision', { decimals }, 'amount');
    }
    if (error.reason === 'negative') {
      throw new AppError('validation', 'rechargeAmountPositive', {}, 'amount');
    }
    if (error.reason === 'range') {
      throw new AppError('validation', 'amountTooLarge', { field: 'amount' }, 'amount');
    }
    throw new AppError('validation', 'rechargeAmountNotNumeric', {}, 'amount');
  }
  if (units <= 0n) throw new AppError('validation', 'rechargeAmountPositive', {}, 'amount');
  if (offer.minAmount !== null && units < parseUnits(offer.minAmount, decimals)) {
    throw new AppError(
      'validation',
      'rechargeBelowMinimum',
      { min: offer.minAmount, coin },
      'amount',
    );
  }
  if (offer.maxAmount !== null && units > parseUnits(offer.maxAmount, decimals)) {
    throw new AppError(
      'validation',
      'rechargeAboveMaximum',
      { max: offer.maxAmount, coin },
      'amount',
    );
  }
  return formatUnits(units, decimals);
}

/**
 * Bank-transfer recharges: a user's order (amount and payment screenshot) waits in the
 * operators' review queue; approval is a conditional update in the decision's transaction,
 * then the engine credits it from `bank_receipts` under the reference `bank:<id>`, which
 * it applies once, and only then is it marked credited. A stop between the two leaves it
 * approved, and the leader credits it (`intents`; a duplicate answer meaning it already
 * was).
 */
export function createBankRecharges(deps: {
  db: BankDb;
  clock: Clock;
  engine: EngineFront;
  catalogue: Catalogue;
  banks: BankDetails;
  verification: VerificationService;
  log: (message: string, detail?: object) => void;
  claim: () => Claim;
}) {
  const { db, clock, engine, catalogue, banks, verification, claim } = deps;

  async function credit(id: string): Promise<void> {
    const row = await db
      .selectFrom('bank_recharges')
      .selectAll()
      .where('id', '=', id)
      .where('state', '=', 'approved')
      .executeTakeFirst();
    if (!row) return;
    const ack = await engine.deposit(
      row.user_id,
      row.coin,
      row.amount,
      bankCreditRef(row.id),
      'bank_receipts',
    );
    const refused = ack.events.find(
      (e) => e.type === 'rejected' && e.reason !== 'duplicate_deposit',
    );
    // Left approved and claimed afresh: the leader tries again once the claim lapses, and
    // the log says why it cannot now.
    if (refused) {
      deps.log('recharges: the engine refused an approved recharge', { id, refused });
      await db.updateTable('bank_recharges').set(claim()).where('id', '=', id).execute();
      return;
    }
    await db
      .updateTable('bank_recharges')
      .set({ state: 'credited', credited_at: iso(clock.now()) })
      .where('id', '=', id)
      .where('state', '=', 'approved')
      .execute();
  }

  /** Moves the recharge with its review's decision, only from `review` (else undone). */
  async function decide(
    tx: Pick<Kysely<BankTables>, 'updateTable'>,
    subjectId: string,
    change: { state: 'approved' } | { state: 'rejected'; reason: string },
  ) {
    const result = await tx
      .updateTable('bank_recharges')
      .set({
        state: change.state,
        reason: change.state === 'rejected' ? change.reason : null,
        decided_at: iso(clock.now()),
        ...(change.state === 'approved' ? claim() : {}),
      })
      .where('id', '=', subjectId)
      .where('state', '=', 'review')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('conflict', 'reviewDecided');
  }

  const handler: ReviewKindHandler = {
    kind: 'recharge',
    approve: (tx, review) =>
      decide(tx.withTables<BankTables>(), review.subject_id, { state: 'approved' }),
    reject: (tx, review, reason) =>
      decide(tx.withTables<BankTables>(), review.subject_id, { state: 'rejected', reason }),
    async settle(review) {
      if (review.state !== 'approved') return;
      try {
        await credit(review.subject_id);
      } catch (error) {
        deps.log('recharges: crediting an approved recharge failed', {
          id: review.subject_id,
          error: String(error),
        });
      }
    },
  };

  return {
    handler,

    async submit(userId: string, input: RechargeInput, key?: string): Promise<BankRecharge> {
      if (!catalogue.coin(input.coin)) throw new AppError('validation', 'unknownCoin', {}, 'coin');
      const offer = await banks.offerOf(input.coin);
      if (!offer) throw new AppError('validation', 'rechargeBankUnavailable', {}, 'coin');
      const amount = readAmount(input.amount, offer);
      if (!input.screenshotId) {
        throw new AppError('validation', 'rechargeScreenshotRequired', {}, 'screenshotId');
      }
      const file = await verification.uploads.ownUpload(userId, input.screenshotId, 'payment');
      if (!file) throw new AppError('validation', 'rechargeScreenshotUnknown', {}, 'screenshotId');
      const now = clock.now();
      const base = {
        user_id: userId,
        coin: offer.coin,
        amount,
        file_id: file.id,
        paid_to: JSON.stringify({
          coin: offer.coin,
          bankName: offer.bankName,
          accountName: offer.accountName,
          accountNumber: offer.accountNumber,
          swift: offer.swift,
          note: offer.note,
        }),
        client_key: key ?? null,
        state: 'review' as const,
        reason: null,
        created_at: iso(now),
        decided_at: null,
        credited_at: null,
        ...UNCLAIMED,
      };
      for (let draw = 1; ; draw += 1) {
        const row: BankRechargesTable = { id: randomUUID(), order_no: orderNumber(now), ...base };
        try {
          await db.transaction().execute(async (tx) => {
            await tx.insertInto('bank_recharges').values(row).execute();
            await verification.reviews.open(tx, {
              kind: 'recharge',
              subjectId: row.id,
              userId,
            });
          });
          return rechargeView(row);
        } catch (error) {
          const clash = await db
            .selectFrom('bank_recharges')
            .select('id')
            .where('order_no', '=', row.order_no)
            .executeTakeFirst();
          if (!clash || draw >= ORDER_NUMBER_DRAWS) throw error;
        }
      }
    },

    /** The recharge a user's Idempotency-Key made before a stop, if it made one. */
    async submittedWith(userId: string, key: string): Promise<BankRecharge | undefined> {
      const row = await db
        .selectFrom('bank_recharges')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_key', '=', key)
        .executeTakeFirst();
      return row ? rechargeView(row) : undefined;
    },

    /** Approved recharges not yet credited. */
    intents: {
      pending: () =>
        db
          .selectFrom('bank_recharges')
          .select(['id', 'owner', 'claimed_at'])
          .where('state', '=', 'approved')
          .orderBy('created_at')
          .execute(),
      finish: (row) => credit(row.id),
    } satisfies IntentRows<Pick<BankRechargesTable, 'id' | 'owner' | 'claimed_at'>>,
  };
}

export type BankRecharges = ReturnType<typeof createBankRecharges>;
