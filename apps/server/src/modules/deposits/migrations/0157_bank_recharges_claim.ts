import { claimColumns } from '../../../kernel/cluster/claim-columns.ts';

// Which process credits an approved recharge: the leader credits those a dead one left.
export const { up, down } = claimColumns('bank_recharges');
