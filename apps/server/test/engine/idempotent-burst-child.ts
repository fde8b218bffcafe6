// The process the idempotent-burst crash test kills: the whole platform on the DATA_DIR
// given, where demo1 sends orders, each with its own Idempotency-Key, many at once,
// printing every answer. The parent sends the keys on stdin, one JSON line each.
import readline from 'node:readline';
import { buildPlatform } from '../../src/app.ts';
import { loadConfig } from '../../src/kernel/config.ts';

const [dataDir, killAfterText] = process.argv.slice(2) as [string, string | undefined];
// Killed -9 by itself once the engine has acknowledged this many orders: the last of them
// (and any other in flight) is durable while its answer is not yet stored.
const killAfter = killAfterText ? Number(killAfterText) : Infinity;
let acknowledged = 0;
const platform = await buildPlatform(
  loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: `${dataDir}/no-web`,
      MARKET_HISTORY_DAYS: '0',
      MARKET_MAKERS: 'false',
      DEMO_MODE: 'true',
    },
    'test',
  ),
  { logger: false },
);
const placeOrder = platform.engine.placeOrder.bind(platform.engine);
platform.engine.placeOrder = async (request) => {
  const ack = await placeOrder(request);
  if (++acknowledged >= killAfter) process.kill(process.pid, 'SIGKILL');
  return ack;
};
const login = await platform.app.inject({
  method: 'POST',
  url: '/api/user/login',
  payload: { type: 'email', username: 'demo1@meridian.local', password: 'Demo1234' },
});
const token = login.json().data.token as string;
const send = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
send({ ready: true });

for await (const line of readline.createInterface({ input: process.stdin })) {
  const { key, price } = JSON.parse(line) as { key: string; price: string };
  void platform.app
    .inject({
      method: 'POST',
      url: '/api/currency/order/submit',
      headers: { authorization: token, 'idempotency-key': key },
      payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price, quantity: '0.001' },
    })
    .then((res) => send({ key, code: res.json().code, id: res.json().data?.id ?? null }));
}
