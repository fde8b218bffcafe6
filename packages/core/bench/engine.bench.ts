// The trading core on the shared fixed-seed stream: book + holds + settlement postings +
// journal encoding of every command, all in memory (no fsync; the durable figure is the
// server's engine-host benchmark).
import type { EngineCommand } from '../src/matching/commands.ts';
import { writeCommand } from '../src/engine/journal-codec.ts';
import { RecordWriter } from '../src/engine/record-writer.ts';
import { BTC_USDT, CommandStream, newEngine } from '../src/matching/fixtures.ts';
import type { TradingEngine } from '../src/matching/trading-engine.ts';
import { medianSeconds, orderStream, perSecond, type StreamOp } from './order-stream.ts';

const ORDERS = 300_000;
const USERS = 1_000;
const WARMUPS = 2;
const RUNS = 5;
/** About what one fsynced group of the journal holds under load. */
const GROUP_BYTES = 1 << 16;

/** Deposits for every user, then the stream as engine commands (a cancel by the owner). */
function commands(ops: StreamOp[]): { funding: EngineCommand[]; stream: EngineCommand[] } {
  const s = new CommandStream();
  const users = Array.from({ length: USERS }, (_, i) => `u${i}`);
  const funding = users.flatMap((u) => [
    s.deposit(u, 'USDT', 10n ** 15n),
    s.deposit(u, 'BTC', 10n ** 15n),
  ]);
  // The stream numbers orders 1, 2, ...; the engine's order id is the sequence number.
  const placed: Array<{ seq: number; user: string }> = [];
  const stream = ops.map((op): EngineCommand => {
    if (op.kind === 'cancel') {
      const target = placed[op.id - 1]!;
      return s.cancel(target.user, target.seq);
    }
    const cmd = s.limit(users[op.user]!, op.side, op.price, op.lots);
    placed.push({ seq: cmd.seq, user: cmd.user });
    return cmd;
  });
  return { funding, stream };
}

for (const cancelShare of [0, 0.1]) {
  const { funding, stream } = commands(orderStream(ORDERS, cancelShare, USERS));
  let engineRun: TradingEngine | undefined;
  let postings = 0;
  let bytes = 0;
  const seconds = medianSeconds(
    WARMUPS,
    RUNS,
    () => {
      const engine = newEngine();
      for (const cmd of funding) engine.apply(cmd);
      return engine;
    },
    (engine) => {
      engineRun = engine;
      postings = bytes = 0;
      // As the journal does: records appended to a group's bytes, a group written at a time.
      const group = new RecordWriter();
      for (const cmd of stream) {
        const result = engine.apply(cmd);
        postings += result.postings.length;
        writeCommand(group, cmd);
        if (group.length >= GROUP_BYTES) {
          bytes += group.length;
          group.reset();
        }
      }
      bytes += group.length;
    },
  );
  // Counted after the clock stops: the harness reading every event is not engine work.
  const trades = engineRun!.snapshot().nextTradeId - 1;
  const label = cancelShare === 0 ? 'limit orders only' : 'with 10% cancels';
  console.log(
    `engine: book + holds + settlement postings + journal encoding (no fsync), ${label}, ${BTC_USDT.symbol}:\n` +
      `  ${perSecond(stream.length, seconds)}  (${stream.length.toLocaleString('en-US')} commands, ` +
      `${trades.toLocaleString('en-US')} trades, ${postings.toLocaleString('en-US')} postings, ` +
      `${(bytes / 1e6).toFixed(1)} MB of journal; median of ${RUNS} runs after ${WARMUPS} warm-ups)`,
  );
}
