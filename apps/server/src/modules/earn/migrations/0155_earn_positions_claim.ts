import { claimColumns } from '../../../kernel/cluster/claim-columns.ts';

// Which process opens or closes a position: the leader finishes those a dead one left.
export const { up, down } = claimColumns('earn_positions');
