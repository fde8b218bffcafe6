import { claimColumns } from '../../../kernel/cluster/claim-columns.ts';

// Which process moves a withdrawal through a posting: the leader finishes a dead one's.
export const { up, down } = claimColumns('withdrawals');
