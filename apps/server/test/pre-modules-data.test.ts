import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from '@meridian/core';
import { buildPlatform, type Platform } from '../src/app.ts';
import { unitsText } from '../src/engine/amount-sql.ts';
import { auditLedger } from '../src/engine/ledger-audit.ts';
import type { EngineDb } from '../src/engine/tables.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { tempDir } from './helpers.ts';

// fixtures/pre-modules-data.tar.gz is what a deployment of commit 5cee2de (the layout
// before kernel/ and modules/) left behind: the SQLite file with its WAL, the journal
// and a snapshot, with acknowledged orders in the journal after the last snapshot (the
// process ended without stopping). The script that made it is inside the archive, with
// expected.json: the engine's state hash and what each demo user's calls answered.
const ARCHIVE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/pre-modules-data.tar.gz',
);

interface Expected {
  stateHash: string;
  answers: Record<string, { orders: unknown; btc: unknown; eth: unknown }>;
}

describe('data written before the module layout', () => {
  let platform: Platform;
  let expected: Expected;

  beforeAll(async () => {
    const dataDir = tempDir('meridian-pre-modules-');
    execFileSync('tar', ['xzf', ARCHIVE, '-C', dataDir]);
    expected = JSON.parse(fs.readFileSync(path.join(dataDir, 'expected.json'), 'utf8'));
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'no-web'),
        MARKET_HISTORY_DAYS: '0',
        MARKET_MAKERS: 'false',
        DEMO_MODE: 'true',
      },
      'fixture',
    );
    platform = await buildPlatform(config, { logger: false });
  });
  afterAll(async () => {
    await platform?.app.close();
  });

  it('replays the old journal on its snapshot to the same engine state', () => {
    // The hash where replay ended: the start journals index ticks right after it.
    expect(platform.engine.restored.stateHash).toBe(expected.stateHash);
    // Demo users existed and were funded: this start creates and funds nobody again.
    expect(platform.seededDemoUsers).toEqual([]);
  });

  it('answers each demo user the orders and wallets the old code answered', async () => {
    await platform.engine.projected();
    for (const [name, answers] of Object.entries(expected.answers)) {
      const login = await platform.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { type: 'email', username: `${name}@meridian.local`, password: 'Demo1234' },
      });
      const headers = { authorization: login.json().data.token };
      const get = async (method: 'GET' | 'POST', url: string, payload?: object) =>
        (await platform.app.inject({ method, url, payload, headers })).json();
      // The same orders; answers have carried a client order id (none here) since.
      const orders = answers.orders as { data: { list: object[] } };
      expect(await get('POST', '/api/currency/order/orderList', { page: 1, size: 50 })).toEqual({
        ...orders,
        data: {
          ...orders.data,
          list: orders.data.list.map((o) => ({ ...o, clientOrderId: null })),
        },
      });
      expect(await get('GET', '/api/core/coin/wallet/get/btc/usdt')).toEqual(answers.btc);
      expect(await get('GET', '/api/core/coin/wallet/get/eth/usdt')).toEqual(answers.eth);
    }
  });

  it('gives the old rows their minor units, which the database totals to zero per asset', async () => {
    await platform.engine.projected();
    const db = platform.database.db as unknown as EngineDb;
    const missing = await db
      .selectFrom('ledger_postings')
      .select('id')
      .where('amount_units', 'is', null)
      .execute();
    expect(missing).toEqual([]);
    // Units equal the text of every balance, and each asset's SQL total is zero.
    expect((await auditLedger(db)).violations).toEqual([]);
    const fills = await db
      .selectFrom('trade_fills')
      .select(['price', unitsText('price_units').as('units')])
      .execute();
    expect(fills.length).toBeGreaterThan(0);
    for (const fill of fills) expect(fill.units).toBe(String(parseUnits(fill.price, 6)));
  });
});
