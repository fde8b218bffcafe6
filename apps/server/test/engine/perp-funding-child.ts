// The process the perpetual funding crash test kills. `open`: lists a perpetual, funds two
// users' contract wallets and opens a 10x long against a short; `fund-kill`: runs one
// funding and kills itself -9 as soon as it is acknowledged; `fund`: runs the same funding
// again; `inspect`: prints both positions' margins.
import path from 'node:path';
import { parseRate, systemAccount, type PerpListing } from '@meridian/core';
import { EngineHost } from '../../src/engine/engine-host.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import { openDatabase } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import { TEST_ENGINE } from './config.ts';

const [dir, mode] = process.argv.slice(2) as [string, string];
const database = openDatabase({ dataDir: dir });
await migrateToLatest(database.db);
const host = await EngineHost.open({
  dir: path.join(dir, 'engine'),
  config: TEST_ENGINE,
  projector: await SqlProjector.open(database.db, TEST_ENGINE),
});
const send = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const HOUR = 3_600_000;
const P = 'btcperp';
/** The funding time both runs name: the last 8-hour boundary. */
const time = Math.floor(Date.now() / (8 * HOUR)) * 8 * HOUR;

const LISTING: PerpListing = {
  symbol: P,
  underlying: 'BTC-USDT',
  base: 'BTC',
  quote: 'USDT',
  contractSize: 100_000n,
  tickSize: 100_000n,
  maxOrderContracts: 100_000,
  tiers: [{ upTo: null, maxLeverage: 100, maintenanceRate: parseRate('0.005')! }],
  makerFeeBps: 2,
  takerFeeBps: 5,
  fundingIntervalMs: 8 * HOUR,
  interestRate: parseRate('0.0001')!,
  fundingCap: parseRate('0.0075')!,
  impactNotional: 100_000_000n,
  protectionRate: parseRate('0.05')!,
};

const place = (user: string, side: 'buy' | 'sell', kind: 'limit' | 'market', price = 0) =>
  host.perp({
    op: 'place',
    user,
    symbol: P,
    side,
    kind,
    tif: kind === 'market' ? 'IOC' : 'GTC',
    price,
    contracts: 100,
    reduceOnly: false,
    stop: 0,
    trigger: 'mark',
    source: 'user',
  });

if (mode === 'open') {
  await host.perp({ op: 'list', spec: LISTING });
  for (const user of ['alice', 'bob']) {
    await host.deposit(user, 'USDT', '10000', `d-${user}`);
    await host.transfer(user, 'USDT', { from: 'spot', to: 'contract' }, '10000', `t-${user}`);
  }
  await host.index([['BTC-USDT', 60_000_000_000n]]);
  await place('bob', 'sell', 'limit', 600_000);
  const ack = await place('alice', 'buy', 'market');
  send({ opened: ack.events.some((e) => e.type === 'perp_trade') });
} else if (mode === 'fund-kill' || mode === 'fund') {
  const ack = await host.perp({ op: 'fund', symbol: P, time });
  send({ events: ack.events.map((e) => (e.type === 'rejected' ? e.reason : e.type)) });
  if (mode === 'fund-kill') process.kill(process.pid, 'SIGKILL');
} else {
  const market = host.perps.markets.get(P)!;
  send({
    alice: market.positions.get('alice')?.margin.toString(),
    bob: market.positions.get('bob')?.margin.toString(),
    settlement: host.accountBalance(systemAccount('perp_settlement', 'USDT')).toString(),
  });
}
await host.close();
await database.close();
