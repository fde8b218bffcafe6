// Deposit credits: 10,000 simulated deposits to users' addresses, all final in the same
// block (one confirmation each), credited through the engine (ledger postings, journalled,
// acknowledged once durable) and recorded as credited. Timed: the one block, from mining it
// to the last record marked credited. SQLite, as `npm start` runs it.
import fs from 'node:fs';
import { buildPlatform } from '../src/app.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { DEMO_USERS } from '../src/modules/demo/index.ts';
import { tempDir } from '../test/helpers.ts';

const DEPOSITS = 10_000;
const TARGETS: Array<[coin: string, network: string, amount: string]> = [
  ['BTC', 'BTC', '0.001'],
  ['ETH', 'ERC20', '0.01'],
  ['USDT', 'ERC20', '10'],
  ['BNB', 'BEP20', '0.1'],
];

const dataDir = tempDir('meridian-bench-deposits-');
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: tempDir(),
    MARKET_HISTORY_DAYS: '0',
    MARKET_MAKERS: 'false',
    DEMO_MODE: 'true',
    DEPOSIT_BLOCK_MS: '0',
    DEPOSIT_CONFIRMATIONS: 'BTC=1,ETH=1,USDT=1,BNB=1',
  },
  'bench',
);
const platform = await buildPlatform(config, { logger: false });
await platform.app.ready();
const { deposits, engine } = platform;

const destinations: Array<{
  user: string;
  coin: string;
  network: string;
  address: string;
  amount: string;
}> = [];
for (const demo of DEMO_USERS) {
  for (const [coin, network, amount] of TARGETS) {
    destinations.push({
      user: demo.id,
      coin,
      network,
      amount,
      address: await deposits.addressOf(demo.id, coin, network),
    });
  }
}
const before = new Map(
  destinations.map((d) => [
    `${d.user}:${d.coin}`,
    engine.balance(d.user, d.coin)?.available ?? '0',
  ]),
);

const sendStart = performance.now();
for (let i = 0; i < DEPOSITS; i += 1) {
  const d = destinations[i % destinations.length]!;
  await deposits.chain.send(d.network, d.address, d.coin, d.amount);
}
await deposits.credits.pass(); // seen, 0 confirmations: nothing credited yet
const sendMs = performance.now() - sendStart;

const began = performance.now();
await deposits.block();
const ms = performance.now() - began;

const rows = await platform.database.db
  .withTables<{ chain_deposits: { status: string } }>()
  .selectFrom('chain_deposits')
  .select((eb) => ['status', eb.fn.countAll().as('n')])
  .groupBy('status')
  .execute();
const credited = Number(rows.find((r) => r.status === 'credited')?.n ?? 0);
if (credited !== DEPOSITS)
  throw new Error(`credited ${credited} of ${DEPOSITS}: ${JSON.stringify(rows)}`);
// Each balance grew by exactly its share (decimal strings compared through BigInt units).
const per = DEPOSITS / destinations.length;
for (const d of destinations) {
  const decimals = engine.asset(d.coin)!.decimals;
  const units = (text: string) => {
    const [whole, fraction = ''] = text.split('.');
    return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  };
  const grew =
    units(engine.balance(d.user, d.coin)!.available) - units(before.get(`${d.user}:${d.coin}`)!);
  if (grew !== units(d.amount) * BigInt(per))
    throw new Error(`${d.user} ${d.coin} grew by ${grew} units`);
}

console.log(
  `deposit credits: ${Math.round(DEPOSITS / (ms / 1000))} credits/s ` +
    `(${DEPOSITS} deposits final in one block, ${ms.toFixed(0)} ms from the block to the last ` +
    `record credited; balances checked; setup ${(sendMs / 1000).toFixed(1)} s, SQLite)`,
);
await platform.app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
