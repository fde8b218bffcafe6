import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema.ts';

/** Kysely's view of the deposit tables (migrations 0030-0032), named as in SQL. */

export interface DepositAddressesTable {
  user_id: string;
  coin: string;
  network: string;
  scheme: string;
  derivation_index: number;
  address: string;
  created_at: string;
}

export type ChainDepositStatus =
  'confirming' | 'crediting' | 'credited' | 'dropped' | 'belowMinimum';

export interface ChainDepositsTable {
  id: string;
  network: string;
  txid: string;
  vout: number;
  user_id: string;
  coin: string;
  address: string;
  /** Decimal text in the coin's units. */
  amount: string;
  confirmations: number;
  required: number;
  status: ChainDepositStatus;
  seen_at: string;
  updated_at: string;
  credited_at: string | null;
}

export interface DepositScanCursorsTable {
  network: string;
  cursor: string;
}

export interface SimChainOutputsTable {
  seq: number;
  network: string;
  txid: string;
  vout: number;
  address: string;
  coin: string;
  amount: string;
  block_height: number | null;
  /** 1: a reorganisation removed it; it never happened. */
  orphaned: number;
  created_at: string;
}

export interface SimChainTipsTable {
  network: string;
  height: number;
}

export type DepositTables = {
  deposit_addresses: DepositAddressesTable;
  chain_deposits: ChainDepositsTable;
  deposit_scan_cursors: DepositScanCursorsTable;
  sim_chain_outputs: SimChainOutputsTable;
  sim_chain_tips: SimChainTipsTable;
};

export type DepositDb = Kysely<DepositTables & KernelTables>;
