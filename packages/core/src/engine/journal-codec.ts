import type { EngineCommand } from '../matching/commands.ts';
import { RecordWriter } from './record-writer.ts';
import { COMMAND_TYPES, commandType, commandTypeByTag } from './registry.ts';

/**
 * One command per line: `tag[.version]`, `seq`, `ts` and the command's own fields,
 * separated by tabs, then a 32-bit FNV-1a checksum of those fields, so a torn or damaged
 * record at the end of a journal is recognised and never replayed. Version 1 records
 * carry no version (the format before versions existed), so every journal ever written
 * still reads. Tabs and newlines cannot occur in the fields: user ids, symbols and
 * references are checked by `encodable` before a command is sequenced.
 */
export function writeCommand(out: RecordWriter, cmd: EngineCommand): void {
  const type = commandType(cmd);
  out.begin(TAGS.get(cmd.type)!);
  out.int(cmd.seq);
  out.int(cmd.ts);
  type.encode(cmd, out);
  out.end();
}

const scratch = new RecordWriter(256);

/** One command's record as text, newline included. */
export function encodeCommand(cmd: EngineCommand): string {
  scratch.reset();
  writeCommand(scratch, cmd);
  return scratch.toString();
}

/** Each type's record tag: version 1 unmarked (the format before versions existed). */
const TAGS = new Map<string, string>(
  COMMAND_TYPES.map((t) => [t.type, t.version === 1 ? t.tag : `${t.tag}.${t.version}`]),
);

/** The command of one line (without its newline), or undefined when it is damaged. */
export function decodeCommand(line: string): EngineCommand | undefined {
  const cut = line.lastIndexOf('\t');
  if (cut < 0) return undefined;
  const body = line.slice(0, cut);
  if (checksum(body) !== line.slice(cut + 1)) return undefined;
  const [head = '', seq, ts, ...fields] = body.split('\t');
  const [tag = '', versionText] = head.split('.');
  const version = versionText === undefined ? 1 : Number(versionText);
  const type = commandTypeByTag(tag);
  if (!type || !Number.isInteger(version) || version < 1 || version > type.version) {
    return undefined;
  }
  return type.decode(fields, version, { seq: Number(seq), ts: Number(ts) });
}

/** Whether an identifier can travel in a journal record. */
export function encodable(text: string): boolean {
  return text.length > 0 && text.length <= 128 && !/[\t\n\r]/.test(text);
}

function checksum(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
