import type { Kysely, Transaction } from 'kysely';
import type { VerificationState } from '@meridian/core';
import type { KernelTables } from '../../kernel/db/schema.ts';

/** Kysely's view of the verification tables (migration 0015), named as in SQL. */

/** A file a user uploaded; the bytes live in `<DATA_DIR>/uploads/<storage_name>`. */
export interface UploadsTable {
  id: string;
  user_id: string;
  purpose: string;
  /** Random, unrelated to the id the user sees, and never sent to anyone. */
  storage_name: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  /** Of the stored (re-encoded) bytes. */
  sha256: string;
  created_at: string;
}

/** One row per user who started: the current state and the primary data. */
export interface IdentityVerificationsTable {
  user_id: string;
  state: VerificationState;
  name: string;
  id_number: string;
  country: string;
  id_type: 'idCard' | 'passport';
  basic_at: string;
  /** The latest advanced submission, if any. */
  submission_id: string | null;
  updated_at: string;
}

/** Every advanced submission, kept after a rejection or approval (its history). */
export interface IdentitySubmissionsTable {
  id: string;
  user_id: string;
  front_file_id: string;
  back_file_id: string;
  hand_file_id: string;
  /** The primary data as it was when submitted: what the operator compared. */
  name: string;
  id_number: string;
  country: string;
  id_type: 'idCard' | 'passport';
  created_at: string;
}

/**
 * The operators' review queue, one row per item of any kind (identity now). The kind's
 * own table holds what is reviewed (`subject_id`); this holds the workflow.
 */
export interface ReviewsTable {
  id: string;
  kind: string;
  subject_id: string;
  user_id: string;
  state: 'pending' | 'approved' | 'rejected';
  created_at: string;
  claimed_by: string | null;
  claimed_by_email: string | null;
  claim_expires_at: string | null;
  decided_by: string | null;
  decided_by_email: string | null;
  decided_at: string | null;
  reason: string | null;
}

/** A user's bank card: one, bound once (seed: it cannot be changed). */
export interface BankCardsTable {
  user_id: string;
  card_number: string;
  bank_name: string;
  bank_address: string | null;
  bank_code: string | null;
  branch: string | null;
  home_address: string | null;
  created_at: string;
}

export type VerificationTables = {
  uploads: UploadsTable;
  identity_verifications: IdentityVerificationsTable;
  identity_submissions: IdentitySubmissionsTable;
  reviews: ReviewsTable;
  bank_cards: BankCardsTable;
};

export type VerificationDb = Kysely<VerificationTables & KernelTables>;
export type VerificationTx = Transaction<VerificationTables & KernelTables>;
