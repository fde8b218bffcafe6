import { decodeCommand, encodeCommand, type EngineCommand, type EngineEvent } from '@meridian/core';
import type { Unsequenced } from '../engine-front.ts';

/**
 * How API processes and the engine leader talk, over NATS request/reply. The command
 * travels in its journal encoding (amounts are integers of minor units, never floats);
 * its result does not travel: each API process applies the journal itself, and the
 * result is its own replica's, identical by determinism.
 */
export interface EngineSubjects {
  /** A command to sequence: `SubmitRequest`, answered with a `SubmitReply`. */
  submit: string;
  /** Where the leader stands: answered with a `LeaderStatus`. */
  status: string;
  /** Published by the leader as its projections advance: a `LeaderStatus`. */
  projected: string;
}

export function engineSubjects(deploymentId: string, group = 'main'): EngineSubjects {
  const base = `meridian.${deploymentId}.engine.${group}`;
  return { submit: `${base}.submit`, status: `${base}.status`, projected: `${base}.projected` };
}

export interface SubmitRequest {
  /** Chosen by the sender, journalled with the command: the same key is sequenced once. */
  key: string;
  /** Sent before: the leader looks the key up in the journal (a previous leader's). */
  retry: boolean;
  command: string;
}

export type SubmitReply =
  | { outcome: 'sequenced'; seq: number }
  /** Refused before it was sequenced: nothing was journalled. */
  | { outcome: 'refused'; events: EngineEvent[] }
  /** The command threw while applying: it changed nothing and was not journalled. */
  | { outcome: 'failed' };

export interface LeaderStatus {
  /** The last command the leader sequenced. */
  seq: number;
  /** How far every projection (the SQL tables, the modules' own) has written. */
  projected: number;
}

/** The command without its place in the sequence, in its journal encoding. */
export function encodeUnsequenced(fields: Unsequenced<EngineCommand>): string {
  return encodeCommand({ ...fields, seq: 0, ts: 0 } as EngineCommand).slice(0, -1);
}

export function decodeUnsequenced(text: string): Unsequenced<EngineCommand> | undefined {
  const cmd = decodeCommand(text);
  if (!cmd) return undefined;
  const { seq: _seq, ts: _ts, ...fields } = cmd;
  return fields as Unsequenced<EngineCommand>;
}
