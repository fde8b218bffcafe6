// The process the funding crash test kills: funds one bot through the markets module's
// fundOnce (deposits, then the marker), printing a line after each acknowledged deposit,
// and killing itself -9 once `killAfter` deposits are acknowledged, before fundOnce can
// write its marker; with `inspect` it only reports the bot's balances and the marker.
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
    .where('key', '=', 'bot_funded:bot')
    .executeTakeFirst();
  send({ usdt: host.balance('bot', 'USDT'), btc: host.balance('bot', 'BTC'), marked: !!marker });
} else {
  const engine = {
    deposit: async (...args: Parameters<EngineHost['deposit']>) => {
      const ack = await host.deposit(...args);
      send({ deposited: args[1], events: ack.events.map((e) => e.type) });
      if (++acknowledged >= killAfter) process.kill(process.pid, 'SIGKILL');
      return ack;
    },
  };
  await fundOnce(
    database.db,
    engine,
    'bot',
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
