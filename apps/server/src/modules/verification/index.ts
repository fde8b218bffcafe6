import type {
  BankCard,
  FileContent,
  ReviewKind,
  UploadedFile,
  VerificationStatus,
} from '@meridian/contract';
import type { ReviewExecutor, ReviewKindHandler, ReviewQueue } from './review-queue.ts';

export { verificationModule } from './module.ts';
export type { ReviewsTable } from './tables.ts';
export type {
  Reviewer,
  ReviewExecutor,
  ReviewKindHandler,
  ReviewListQuery,
  ReviewQueue,
  ReviewRow,
} from './review-queue.ts';
export type { VerificationTables } from './tables.ts';

/** What other modules may ask of verification. */
export interface VerificationService {
  /** A user's verification, as the user sees it (the ID number masked). */
  statusOf(userId: string): Promise<VerificationStatus>;
  /** 0 none, 1 primary, 2 advanced approved: what per-level rules (withdrawal limits) read. */
  levelOf(userId: string): Promise<0 | 1 | 2>;
  /** The user's bound bank card, masked; null when none is bound. */
  bankCardOf(userId: string): Promise<BankCard | null>;
  /**
   * The bound card with its whole number, for an operator paying a withdrawal to it; the
   * caller writes the audit row.
   */
  wholeBankCardOf(userId: string): Promise<BankCard | null>;
  /** How many items wait in each review queue (the operators' dashboard). */
  pendingCounts(): Promise<Array<{ kind: ReviewKind; pending: number }>>;
  /**
   * The review queue for other kinds (deposits, withdrawals, loans, appeals): register
   * the kind's decisions once, open an item in the transaction of the change that needs
   * review. The kind's calls come from the contract's `reviewCalls`.
   */
  /**
   * Uploaded images other modules' submissions point to (a recharge's payment screenshot).
   * `ownUpload` finds only the user's own file of that purpose: another user's is unknown.
   */
  uploads: {
    ownUpload(
      userId: string,
      id: string,
      purpose: string,
    ): Promise<(UploadedFile & { createdAt: string }) | null>;
    /**
     * Stores an image for `userId` after the same checks as an upload (type by content,
     * re-encoded without metadata): an operator's image sent in that user's chat.
     */
    save(userId: string, purpose: string, bytes: Buffer): Promise<UploadedFile>;
    /** Any file's facts and bytes, for an operator call that writes its audit row first. */
    content(id: string): Promise<FileContent & { userId: string; purpose: string }>;
  };
  reviews: {
    registerKind(handler: ReviewKindHandler): void;
    open(
      tx: ReviewExecutor,
      item: { kind: ReviewKind; subjectId: string; userId: string },
    ): Promise<string>;
    /** The queue itself, for a kind's operator calls (list, detail, claim, decide). */
    queue: ReviewQueue;
  };
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    verification: VerificationService;
  }
}
