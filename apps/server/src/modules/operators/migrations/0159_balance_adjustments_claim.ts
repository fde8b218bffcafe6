import { claimColumns } from '../../../kernel/cluster/claim-columns.ts';

// Which process posts an approved adjustment: the leader posts those a dead one left.
export const { up, down } = claimColumns('balance_adjustments');
