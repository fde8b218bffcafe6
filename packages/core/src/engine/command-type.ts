import type { EngineCommand } from '../matching/commands.ts';
import type { EngineEvent } from '../matching/events.ts';
import type { TradingEngine } from '../matching/trading-engine.ts';
import type { RecordWriter } from './record-writer.ts';

/**
 * One kind of engine command, declared once: its journal record (tag, format version,
 * fields) and how it applies. The journal, replay, projection and tests all go through
 * it, so a new command (a funding payment, a liquidation, a settlement) touches its own
 * file and one line of the registry.
 */
export interface CommandType<C extends EngineCommand = EngineCommand> {
  type: C['type'];
  /** The record's first field; a version above 1 is written `tag.version`. */
  tag: string;
  /** The version `encode` writes. Records of every older version still decode. */
  version: number;
  /** Writes the fields after `seq` and `ts`, in record order (once per command: keep it lean). */
  encode(cmd: C, out: RecordWriter): void;
  /** The command of a record's fields after `seq` and `ts`, or undefined if malformed. */
  decode(fields: string[], version: number, head: { seq: number; ts: number }): C | undefined;
  /** Applies a sequenced command, pushing what happened onto `events`. */
  apply(engine: TradingEngine, cmd: C, events: EngineEvent[]): void;
}

export function defineCommand<C extends EngineCommand>(type: CommandType<C>): CommandType<C> {
  return type;
}
