import type { EngineCommand } from '../matching/commands.ts';

/**
 * One command per line: its fields separated by tabs, then a 32-bit FNV-1a checksum of those fields, so
 * a torn or damaged record at the end of a journal is recognised and never replayed.
 * Tabs and newlines cannot occur in the fields: user ids, symbols and references are
 * checked by `encodable` before a command is sequenced.
 */
export function encodeCommand(cmd: EngineCommand): string {
  let body: string;
  switch (cmd.type) {
    case 'place':
      body = `P\t${cmd.seq}\t${cmd.ts}\t${cmd.user}\t${cmd.market}\t${cmd.side === 'buy' ? 'b' : 's'}\t${cmd.kind}\t${cmd.tif}\t${cmd.price}\t${cmd.lots}\t${cmd.quote}\t${cmd.stop}`;
      break;
    case 'cancel':
      body = `C\t${cmd.seq}\t${cmd.ts}\t${cmd.user}\t${cmd.market}\t${cmd.orderId}`;
      break;
    case 'deposit':
      body = `D\t${cmd.seq}\t${cmd.ts}\t${cmd.user}\t${cmd.asset}\t${cmd.amount}\t${cmd.ref}`;
      break;
  }
  return `${body}\t${checksum(body)}\n`;
}

/** The command of one line (without its newline), or undefined when it is damaged. */
export function decodeCommand(line: string): EngineCommand | undefined {
  const cut = line.lastIndexOf('\t');
  if (cut < 0) return undefined;
  const body = line.slice(0, cut);
  if (checksum(body) !== line.slice(cut + 1)) return undefined;
  const f = body.split('\t');
  const seq = Number(f[1]);
  const ts = Number(f[2]);
  const user = f[3]!;
  if (f[0] === 'P' && f.length === 12) {
    return {
      type: 'place',
      seq,
      ts,
      user,
      market: f[4]!,
      side: f[5] === 'b' ? 'buy' : 'sell',
      kind: f[6] as 'limit',
      tif: f[7] as 'GTC',
      price: Number(f[8]),
      lots: Number(f[9]),
      quote: BigInt(f[10]!),
      stop: Number(f[11]),
    };
  }
  if (f[0] === 'C' && f.length === 6) {
    return { type: 'cancel', seq, ts, user, market: f[4]!, orderId: Number(f[5]) };
  }
  if (f[0] === 'D' && f.length === 7) {
    return { type: 'deposit', seq, ts, user, asset: f[4]!, amount: BigInt(f[5]!), ref: f[6]! };
  }
  return undefined;
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
