import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TickerExchange } from '../index-feed/ccxt.ts';

type Poll = Record<string, { last?: number | null; timestamp?: number | null }>;

const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/ccxt-binance-tickers.json',
);

/**
 * A ccxt exchange that answers from the recorded fixture, one poll after another (the
 * last one repeats), and records what it was asked: the tests never touch the network.
 */
export function fixtureExchange(): TickerExchange & { asked: string[][] } {
  const { polls } = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { polls: Poll[] };
  let next = 0;
  const asked: string[][] = [];
  return {
    asked,
    async fetchTickers(symbols: string[]) {
      asked.push(symbols);
      const poll = polls[Math.min(next, polls.length - 1)]!;
      next++;
      return poll;
    },
  };
}
