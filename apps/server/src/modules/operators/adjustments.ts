import type { AdjustmentView } from '@meridian/contract';
import { adjustmentStateSchema } from '@meridian/contract';
import { readAmount, systemAccount, userAccount } from '@meridian/core';
import type { EngineFront } from '../../engine/engine-front.ts';
import { iso, type Clock } from '../../kernel/clock.ts';
import { UNCLAIMED, type Claim, type IntentRows } from '../../kernel/cluster/intents.ts';
import { AppError } from '../../kernel/errors.ts';
import { newId } from '../../kernel/secrets.ts';
import type { Audit } from './operator-accounts.ts';
import type { BalanceAdjustmentsTable, OperatorDb } from './tables.ts';

/** The engine reference of an adjustment: the engine applies each once, ever. */
const engineRef = (id: string) => `adjustment:${id}`;
/** Corrections are the operator's cost (or gain): they move against its own capital. */
const CAPITAL = 'operator_capital';

type AdjustmentRow = BalanceAdjustmentsTable & {
  proposed_by_email?: string | null;
  decided_by_email?: string | null;
};

function toView(row: AdjustmentRow): AdjustmentView {
  return {
    id: row.id,
    userId: row.user_id,
    asset: row.asset,
    amount: row.amount,
    reason: row.reason,
    state: adjustmentStateSchema.parse(row.state),
    proposedBy: row.proposed_by,
    proposedByEmail: row.proposed_by_email ?? null,
    proposedAt: row.proposed_at,
    decidedBy: row.decided_by,
    decidedByEmail: row.decided_by_email ?? null,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
  };
}

export interface AdjustmentDeps {
  db: OperatorDb;
  clock: Clock;
  engine: Pick<EngineFront, 'adjust' | 'asset'>;
  userExists(id: string): Promise<boolean>;
  claim: () => Claim;
}

/**
 * Manual balance corrections under dual control (PRODUCT.md 2.3): one operator proposes,
 * a second approves, and only the approval posts to the ledger, as a visible posting
 * with the reason `adjustment` and a reference the user's bills resolve to its reason.
 * Each step is a conditional update, so two approvals of one proposal post once.
 */
export function createAdjustments({ db, clock, engine, userExists, claim }: AdjustmentDeps) {
  const now = () => iso(clock.now());

  /** Adjustments with their operators' emails beside the ids. */
  const withEmails = () =>
    db
      .selectFrom('balance_adjustments as a')
      .leftJoin('operators as p', 'p.id', 'a.proposed_by')
      .leftJoin('operators as d', 'd.id', 'a.decided_by')
      .selectAll('a')
      .select(['p.email as proposed_by_email', 'd.email as decided_by_email']);

  async function find(id: string): Promise<AdjustmentRow> {
    const row = await withEmails().where('a.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  /** Posts an approved adjustment; false when the user's balance no longer covers a debit. */
  async function post(row: AdjustmentRow): Promise<boolean> {
    const debit = row.amount.startsWith('-');
    const amount = debit ? row.amount.slice(1) : row.amount;
    const user = userAccount(row.user_id, row.asset, 'available');
    const capital = systemAccount(CAPITAL, row.asset);
    const ack = await engine.adjust(
      debit ? user : capital,
      debit ? capital : user,
      row.asset,
      amount,
      engineRef(row.id),
    );
    const refused = ack.events.find((e) => e.type === 'rejected');
    // A repeat after a crash: the engine already posted this reference.
    if (!refused || refused.reason === 'duplicate_reference') return true;
    if (refused.reason === 'insufficient_balance') return false;
    throw new Error(`adjustment ${row.id} refused by the engine: ${refused.reason}`);
  }

  async function settle(row: AdjustmentRow, audit: Audit): Promise<AdjustmentView> {
    if (await post(row)) {
      await db
        .updateTable('balance_adjustments')
        .set({ state: 'approved' })
        .where('id', '=', row.id)
        .where('state', '=', 'approving')
        .execute();
      return toView(await find(row.id));
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('balance_adjustments')
        .set({ state: 'pending', decided_by: null, decided_at: null })
        .where('id', '=', row.id)
        .where('state', '=', 'approving')
        .execute();
      await audit(trx, {
        action: 'adjustment.refused',
        targetType: 'adjustment',
        targetId: row.id,
        reason: 'insufficient_balance',
      });
    });
    throw new AppError('conflict', 'adjustmentInsufficient');
  }

  return {
    async list(filter: { state?: string; userId?: string; current: number; size: number }) {
      let query = db.selectFrom('balance_adjustments');
      let rowsQuery = withEmails();
      if (filter.state) {
        query = query.where('state', '=', filter.state);
        rowsQuery = rowsQuery.where('a.state', '=', filter.state);
      }
      if (filter.userId) {
        query = query.where('user_id', '=', filter.userId);
        rowsQuery = rowsQuery.where('a.user_id', '=', filter.userId);
      }
      const [rows, count] = await Promise.all([
        rowsQuery
          .orderBy('a.proposed_at', 'desc')
          .orderBy('a.id')
          .limit(filter.size)
          .offset((filter.current - 1) * filter.size)
          .execute(),
        query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map(toView),
        total: Number(count.n),
        current: filter.current,
        size: filter.size,
      };
    },

    pendingCount: async () =>
      Number(
        (
          await db
            .selectFrom('balance_adjustments')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('state', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async propose(
      input: { userId: string; asset: string; amount: string; reason: string },
      operatorId: string,
      audit: Audit,
    ): Promise<AdjustmentView> {
      const asset = engine.asset(input.asset);
      if (!asset) throw new AppError('validation', 'unknownCoin', {}, 'asset');
      const magnitude = input.amount.replace(/^-/, '');
      const read = readAmount(asset, magnitude);
      if (!read.ok || read.units === 0n) {
        throw new AppError(
          'validation',
          'adjustmentAmount',
          { decimals: asset.decimals },
          'amount',
        );
      }
      if (!(await userExists(input.userId))) throw new AppError('notFound');
      const row: BalanceAdjustmentsTable = {
        id: newId(),
        user_id: input.userId,
        asset: input.asset,
        // Kept as the operator typed it, less redundant zeros, so the approver reads it.
        amount: input.amount,
        reason: input.reason,
        state: 'pending',
        proposed_by: operatorId,
        proposed_at: now(),
        decided_by: null,
        decided_at: null,
        decision_note: null,
        ...UNCLAIMED,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('balance_adjustments').values(row).execute();
        await audit(trx, {
          action: 'adjustment.propose',
          targetType: 'user',
          targetId: input.userId,
          after: { id: row.id, asset: row.asset, amount: row.amount },
          reason: input.reason,
        });
      });
      return toView(await find(row.id));
    },

    async approve(id: string, operatorId: string, audit: Audit): Promise<AdjustmentView> {
      const row = await find(id);
      if (row.proposed_by === operatorId) throw new AppError('forbidden', 'adjustmentSelfApprove');
      const decidedAt = now();
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('balance_adjustments')
          .set({ state: 'approving', decided_by: operatorId, decided_at: decidedAt, ...claim() })
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .where('proposed_by', '!=', operatorId)
          .executeTakeFirst();
        if (claimed.numUpdatedRows !== 1n) throw new AppError('conflict', 'adjustmentNotPending');
        await audit(trx, {
          action: 'adjustment.approve',
          targetType: 'user',
          targetId: row.user_id,
          before: { id, state: 'pending' },
          after: { id, asset: row.asset, amount: row.amount },
          reason: row.reason,
        });
      });
      return settle(
        { ...row, state: 'approving', decided_by: operatorId, decided_at: decidedAt },
        audit,
      );
    },

    async reject(
      id: string,
      operatorId: string,
      note: string,
      audit: Audit,
    ): Promise<AdjustmentView> {
      const row = await find(id);
      await db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('balance_adjustments')
          .set({
            state: 'rejected',
            decided_by: operatorId,
            decided_at: now(),
            decision_note: note,
          })
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (done.numUpdatedRows !== 1n) throw new AppError('conflict', 'adjustmentNotPending');
        await audit(trx, {
          action: 'adjustment.reject',
          targetType: 'user',
          targetId: row.user_id,
          before: { id, state: 'pending' },
          after: { id, state: 'rejected' },
          reason: note,
        });
      });
      return toView(await find(id));
    },

    /**
     * Approvals between their decision and their posting; the engine's reference makes a
     * repeat harmless. `audit` records a refusal found while finishing one.
     */
    intents: (audit: Audit): IntentRows<BalanceAdjustmentsTable> => ({
      pending: () =>
        db
          .selectFrom('balance_adjustments')
          .selectAll()
          .where('state', '=', 'approving')
          .orderBy('proposed_at')
          .execute(),
      finish: (row) => settle(row, audit),
    }),
  };
}

export type Adjustments = ReturnType<typeof createAdjustments>;

/**
 * The reasons operators gave for adjustments, by the engine reference their
 * postings carry (`adjustment:<id>`): what a user's bills show beside the posting.
 * References that name no adjustment (market-making capital) are simply absent.
 */
export async function adjustmentReasons(
  db: OperatorDb,
  refs: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(refs)].flatMap((ref) =>
    ref.startsWith('adjustment:') ? [ref.slice('adjustment:'.length)] : [],
  );
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('balance_adjustments')
    .select(['id', 'reason'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [engineRef(row.id), row.reason]));
}
