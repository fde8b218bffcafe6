// The process the funding crash test kills: funds one market-making bot through the
// markets module's fundOnce (adjustments from operator capital, then the marker),
// printing a line after each acknowledged one, and killing itself -9 once `killAfter` are
// acknowledged, before fundOnce can write its marker; with `inspect` it only reports the
// bot's balances and the marker.
import path from 'node:path';
import { EngineHost } from '../../src/engine/engine-host.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { openDatabase } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import { fundOnce } from '../../src/modules/markets/funding.ts';
import { TEST_ENGINE } from './config.ts';

const [dir, mode] = process.argv.slice(2) as [string, string | undefined];
const killAfter = mode && mode !== 'inspect' ? Number(mode) : Infinity;
let acknowledged = 0;
const database = openDatabase({ dataDir: dir });
await migrateToLatest(database.db);
const host = await EngineHost.open({
  dir: path.join(dir, 'engine'),
  config: TEST_ENGINE,
  projector: await SqlProjector.open(database.db, TEST_ENGINE),
});
const send = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

if (mode === 'inspect') {
  const marker = await database.db
    .selectFrom('platform_meta')
    .select('key')
    .where('key', '=', 'bot_funded:mm.bot')
    .executeTakeFirst();
  send({
    usdt: host.balance('mm.bot', 'USDT'),
    btc: host.balance('mm.bot', 'BTC'),
    marked: !!marker,
  });
} else {
  const engine = {
    adjust: async (...args: Parameters<EngineHost['adjust']>) => {
      const ack = await host.adjust(...args);
      send({ funded: args[2], events: ack.events.map((e) => e.type) });
      if (++acknowledged >= killAfter) process.kill(process.pid, 'SIGKILL');
      return ack;
    },
  };
  await fundOnce(
    database.db,
    engine,
    'mm.bot',
    [
      ['USDT', '1000'],
      ['BTC', '1'],
    ],
    Date.now,
  );
  send({ done: true });
}
await host.close();
await database.close();
