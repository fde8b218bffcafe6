import fs from 'node:fs';
import { classTotals, systemAccount } from '@meridian/core';
import { afterEach, expect, it } from 'vitest';
import { EngineHost } from '../../../engine/engine-host.ts';
import { tempDir } from '../../../../test/helpers.ts';
import { TEST_ENGINE } from '../../../../test/engine/config.ts';
import type { ListedMarket } from '../catalogue.ts';
import { retireLegacyBots } from '../legacy-bots.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const MARKETS = [{ symbol: 'BTC-USDT' }] as ListedMarket[];
const LEGACY = 'mm-BTC-USDT';

it('cancels an old user-class bot’s orders and takes its money out of user liabilities, once', async () => {
  const dir = tempDir('meridian-legacy-bots-');
  dirs.push(dir);
  const engine = await EngineHost.open({ dir, config: TEST_ENGINE });
  // What a deployment before the market-making class left: a bot funded as a user.
  await engine.deposit(LEGACY, 'USDT', '100000', 'bot-funding-mm-BTC-USDT-USDT');
  await engine.deposit(LEGACY, 'BTC', '2', 'bot-funding-mm-BTC-USDT-BTC');
  await engine.deposit('10000001', 'USDT', '250', 'user-deposit');
  const order = await engine.placeOrder({
    user: LEGACY,
    market: 'BTC-USDT',
    side: 'buy',
    kind: 'limit',
    price: '50000',
    quantity: '0.5',
  });
  expect(order.events[0]?.type).toBe('accepted');
  const liabilities = () =>
    classTotals(engine.ledgerEntries()).find((t) => t.asset === 'USDT')!.userLiabilities;
  expect(liabilities()).toBe(100_250_000_000n);

  expect(await retireLegacyBots(engine, MARKETS)).toEqual([`${LEGACY}:BTC`, `${LEGACY}:USDT`]);
  expect(engine.openOrders(LEGACY, 'BTC-USDT')).toEqual([]);
  expect(engine.balances(LEGACY).every((b) => b.available === '0' && b.held === '0')).toBe(true);
  // Only the real user's 250 USDT is owed; the float mirrors exactly that.
  expect(liabilities()).toBe(250_000_000n);
  const float = engine.ledgerEntries().find(([k]) => k === systemAccount('platform_float', 'USDT'));
  expect(float?.[1]).toBe(-250_000_000n);

  // A restart finds nothing left to retire.
  expect(await retireLegacyBots(engine, MARKETS)).toEqual([]);
  await engine.close();
});
