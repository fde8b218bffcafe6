import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Review, ReviewKind, ReviewState } from '@meridian/contract';
import { addSeconds, iso, type Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import type { AuditEntry, AuditExecutor } from '../../kernel/operators/audit.ts';
import type { ReviewsTable, VerificationDb, VerificationTables, VerificationTx } from './tables.ts';

/** How long a claim holds: long enough to compare three photos, short enough not to block. */
export const CLAIM_SECONDS = 30 * 60;

export type ReviewRow = Selectable<ReviewsTable>;

/** What may write a queue row: the transaction of the change that opened the item. */
export type ReviewExecutor = Pick<Kysely<Pick<VerificationTables, 'reviews'>>, 'insertInto'>;

/** Writes the audit row of one operator action, in the action's transaction. */
export type Audit = (executor: AuditExecutor, entry: AuditEntry) => Promise<void>;

/** Who acts on the queue: the operator of the request. */
export interface Reviewer {
  operatorId: string;
  email: string;
  audit: Audit;
}

/**
 * What a kind does when one of its items is decided, inside the decision's transaction:
 * move its own state (a conditional update) or throw, which undoes the decision.
 */
export interface ReviewKindHandler {
  kind: ReviewKind;
  approve(tx: VerificationTx, review: ReviewRow): Promise<void>;
  reject(tx: VerificationTx, review: ReviewRow, reason: string): Promise<void>;
  /**
   * What follows a committed decision outside the database (an engine posting: a credit,
   * a release), awaited before the operator's answer. It must not throw: the decision
   * stands, so a failure is logged and the kind's own start-up pass finishes the work.
   */
  settle?(review: ReviewRow): Promise<void>;
}

export interface ReviewListQuery {
  state?: ReviewState | undefined;
  userId?: string | undefined;
  current: number;
  size: number;
}

/** A row as operators see it; a lapsed claim shows as no claim. */
export function reviewView(row: ReviewRow, now: Date): Review {
  const live =
    row.claimed_by !== null && row.claim_expires_at !== null && row.claim_expires_at > iso(now);
  return {
    id: row.id,
    kind: row.kind as ReviewKind,
    userId: row.user_id,
    state: row.state,
    createdAt: row.created_at,
    claimedBy: live ? row.claimed_by_email : null,
    claimExpiresAt: live ? row.claim_expires_at : null,
    decidedBy: row.decided_by_email,
    decidedAt: row.decided_at,
    reason: row.reason,
  };
}

/**
 * The operators' review queue, for every kind: items open in the transaction of the change
 * that needs a person; an operator claims one (one at a time, until the claim lapses),
 * then approves or rejects it. Each step is a conditional update (`WHERE state = 'pending'
 * AND claimed_by = me`), so of two operators racing one wins, and each writes its audit row
 * in the same transaction.
 */
export function createReviewQueue(db: VerificationDb, clock: Clock) {
  const handlers = new Map<string, ReviewKindHandler>();

  async function find(kind: ReviewKind, id: string): Promise<ReviewRow> {
    const row = await db
      .selectFrom('reviews')
      .selectAll()
      .where('id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  /** Why a conditional update on the item matched nothing. */
  async function refusal(kind: ReviewKind, id: string, operatorId: string): Promise<AppError> {
    const row = await find(kind, id);
    if (row.state !== 'pending') return new AppError('conflict', 'reviewDecided');
    const live = row.claimed_by !== null && (row.claim_expires_at ?? '') > iso(clock.now());
    if (live && row.claimed_by !== operatorId) {
      return new AppError('conflict', 'reviewClaimedByOther');
    }
    return new AppError('conflict', 'reviewNotClaimed');
  }

  async function decide(
    kind: ReviewKind,
    id: string,
    reviewer: Reviewer,
    verdict: { state: 'approved' } | { state: 'rejected'; reason: string },
  ): Promise<Review> {
    const handler = handlers.get(kind);
    if (!handler) throw new Error(`No handler for review kind "${kind}"`);
    const now = clock.now();
    const decided = await db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('reviews')
        .set({
          state: verdict.state,
          decided_by: reviewer.operatorId,
          decided_by_email: reviewer.email,
          decided_at: iso(now),
          reason: verdict.state === 'rejected' ? verdict.reason : null,
          claimed_by: null,
          claimed_by_email: null,
          claim_expires_at: null,
        })
        .where('id', '=', id)
        .where('kind', '=', kind)
        .where('state', '=', 'pending')
        .where('claimed_by', '=', reviewer.operatorId)
        .where('claim_expires_at', '>', iso(now))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      const row = await tx
        .selectFrom('reviews')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (verdict.state === 'approved') await handler.approve(tx, row);
      else await handler.reject(tx, row, verdict.reason);
      await reviewer.audit(tx, {
        action: `${kind}.${verdict.state === 'approved' ? 'approve' : 'reject'}`,
        targetType: 'review',
        targetId: id,
        before: { state: 'pending' },
        after: { state: verdict.state, userId: row.user_id, subjectId: row.subject_id },
        ...(verdict.state === 'rejected' ? { reason: verdict.reason } : {}),
      });
      return row;
    });
    if (!decided) throw await refusal(kind, id, reviewer.operatorId);
    await handler.settle?.(decided);
    return reviewView(decided, now);
  }

  return {
    /** A kind's decisions; registered once, by the module that owns the kind. */
    registerKind(handler: ReviewKindHandler): void {
      if (handlers.has(handler.kind)) throw new Error(`Review kind "${handler.kind}" twice`);
      handlers.set(handler.kind, handler);
    },

    /** Opens an item, in the transaction of the change that needs review. */
    async open(
      tx: ReviewExecutor,
      item: { kind: ReviewKind; subjectId: string; userId: string },
    ): Promise<string> {
      const id = randomUUID();
      await tx
        .insertInto('reviews')
        .values({
          id,
          kind: item.kind,
          subject_id: item.subjectId,
          user_id: item.userId,
          state: 'pending',
          created_at: iso(clock.now()),
          claimed_by: null,
          claimed_by_email: null,
          claim_expires_at: null,
          decided_by: null,
          decided_by_email: null,
          decided_at: null,
          reason: null,
        })
        .execute();
      return id;
    },

    find,

    /** The review of one subject (an identity submission), if it has one. */
    async ofSubject(kind: ReviewKind, subjectId: string): Promise<ReviewRow | undefined> {
      return db
        .selectFrom('reviews')
        .selectAll()
        .where('kind', '=', kind)
        .where('subject_id', '=', subjectId)
        .executeTakeFirst();
    },

    /** A page of one kind's items: pending ones oldest first, decided ones newest first. */
    async list(kind: ReviewKind, query: ReviewListQuery) {
      let base = db.selectFrom('reviews').where('kind', '=', kind);
      if (query.state) base = base.where('state', '=', query.state);
      if (query.userId) base = base.where('user_id', '=', query.userId);
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', query.state === 'pending' ? 'asc' : 'desc')
          .orderBy('id')
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n), current: query.current, size: query.size };
    },

    /** A user's items of one kind, newest first (a detail's history). */
    async ofUser(kind: ReviewKind, userId: string): Promise<ReviewRow[]> {
      return db
        .selectFrom('reviews')
        .selectAll()
        .where('kind', '=', kind)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /** How many items of a kind wait for a decision (claimed or not). */
    async pending(kind: ReviewKind): Promise<number> {
      const row = await db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('kind', '=', kind)
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Takes an item for `CLAIM_SECONDS`: when nobody holds it, its claim lapsed, or the
     * caller holds it already (which extends it).
     */
    async claim(kind: ReviewKind, id: string, reviewer: Reviewer): Promise<Review> {
      const now = clock.now();
      const expires = iso(addSeconds(now, CLAIM_SECONDS));
      const claimed = await db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('reviews')
          .set({
            claimed_by: reviewer.operatorId,
            claimed_by_email: reviewer.email,
            claim_expires_at: expires,
          })
          .where('id', '=', id)
          .where('kind', '=', kind)
          .where('state', '=', 'pending')
          .where((eb) =>
            eb.or([
              eb('claimed_by', 'is', null),
              eb('claimed_by', '=', reviewer.operatorId),
              eb('claim_expires_at', '<=', iso(now)),
            ]),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return null;
        await reviewer.audit(tx, {
          action: `${kind}.claim`,
          targetType: 'review',
          targetId: id,
          after: { claimExpiresAt: expires },
        });
        return tx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      });
      if (!claimed) throw await refusal(kind, id, reviewer.operatorId);
      return reviewView(claimed, now);
    },

    /** Gives the caller's claim back, so another operator may take the item at once. */
    async release(kind: ReviewKind, id: string, reviewer: Reviewer): Promise<Review> {
      const now = clock.now();
      const released = await db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('reviews')
          .set({ claimed_by: null, claimed_by_email: null, claim_expires_at: null })
          .where('id', '=', id)
          .where('kind', '=', kind)
          .where('state', '=', 'pending')
          .where('claimed_by', '=', reviewer.operatorId)
          .where('claim_expires_at', '>', iso(now))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return null;
        await reviewer.audit(tx, { action: `${kind}.release`, targetType: 'review', targetId: id });
        return tx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      });
      if (!released) throw await refusal(kind, id, reviewer.operatorId);
      return reviewView(released, now);
    },

    approve: (kind: ReviewKind, id: string, reviewer: Reviewer) =>
      decide(kind, id, reviewer, { state: 'approved' }),

    reject: (kind: ReviewKind, id: string, reviewer: Reviewer, reason: string) =>
      decide(kind, id, reviewer, { state: 'rejected', reason }),

    view: (row: ReviewRow) => reviewView(row, clock.now()),
  };
}

export type ReviewQueue = ReturnType<typeof createReviewQueue>;
