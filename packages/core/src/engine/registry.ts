import type { EngineCommand } from '../matching/commands.ts';
import type { CommandType } from './command-type.ts';
import { adjustCommand } from './commands/adjust.ts';
import { cancelCommand } from './commands/cancel.ts';
import { depositCommand } from './commands/deposit.ts';
import { earnCommand } from './commands/earn.ts';
import { indexCommand } from './commands/index-price.ts';
import { listAssetCommand } from './commands/list-asset.ts';
import { listMarketCommand } from './commands/list-market.ts';
import { marketFeesCommand } from './commands/market-fees.ts';
import { makerHoldsCommand } from './commands/maker-holds.ts';
import { marginCommand } from './commands/margin.ts';
import { marketStateCommand } from './commands/market-state.ts';
import { perpCommand } from './commands/perps.ts';
import { placeCommand } from './commands/place.ts';
import { secondsOpenCommand } from './commands/seconds.ts';
import { swapCommand } from './commands/swap.ts';
import { transferCommand } from './commands/transfer.ts';
import { withdrawalCommand } from './commands/withdrawal.ts';

/** Every command the engine knows: one line each. */
export const COMMAND_TYPES = [
  placeCommand,
  cancelCommand,
  depositCommand,
  adjustCommand,
  indexCommand,
  listAssetCommand,
  listMarketCommand,
  marketStateCommand,
  marketFeesCommand,
  withdrawalCommand,
  transferCommand,
  secondsOpenCommand,
  swapCommand,
  makerHoldsCommand,
  earnCommand,
  perpCommand,
  marginCommand,
] as const;

const byType = new Map<string, CommandType>(
  COMMAND_TYPES.map((t) => [t.type, t as unknown as CommandType]),
);
const byTag = new Map<string, CommandType>(
  COMMAND_TYPES.map((t) => [t.tag, t as unknown as CommandType]),
);

export function commandType<C extends EngineCommand>(cmd: C): CommandType<C> {
  const type = byType.get(cmd.type);
  if (!type) throw new Error(`no command type ${cmd.type}`);
  return type as unknown as CommandType<C>;
}

export function commandTypeByTag(tag: string): CommandType | undefined {
  return byTag.get(tag);
}
