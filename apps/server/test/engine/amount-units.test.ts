import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sumUnits, unitsText } from '../../src/engine/amount-sql.ts';
import { EngineHost } from '../../src/engine/engine-host.ts';
import { auditLedger } from '../../src/engine/ledger-audit.ts';
import { SqlProjector } from '../../src/engine/sql-projector.ts';
import type { EngineDb } from '../../src/engine/tables.ts';
import type { Database } from '../../src/kernel/db/database.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import { tempDir, testDatabases, type TestDatabase } from '../helpers.ts';
import { TEST_ENGINE } from './config.ts';

// Amounts past 2^53 minor units (9,007,199,254.740992 USDT) are where a float would
// round: the totals and the order must still be exact.
const BIG = '9007199254.740993';
const BIGGER = '9007199254.740994';

describe.each(testDatabases())('amounts in SQL on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await database?.close();
    await current?.dispose();
    current = database = undefined;
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function funded(): Promise<{ db: EngineDb; host: EngineHost }> {
    current = await create();
    database = current.open();
    await migrateToLatest(database.db);
    const dir = tempDir('meridian-units-');
    dirs.push(dir);
    const db = database.db as EngineDb;
    const host = await EngineHost.open({
      dir,
      config: TEST_ENGINE,
      projector: await SqlProjector.open(db, TEST_ENGINE),
    });
    await host.deposit('10000001', 'USDT', BIG, 'd1');
    await host.deposit('10000002', 'USDT', BIGGER, 'd2');
    await host.deposit('10000003', 'USDT', '0.5', 'd3');
    await host.projected();
    return { db, host };
  }

  it('totals and orders balances exactly in the database', async () => {
    const { db, host } = await funded();
    const users = await db
      .selectFrom('ledger_balances')
      .select(['user_id', unitsText('balance_units').as('units')])
      .where('asset', '=', 'USDT')
      .where('user_id', 'is not', null)
      .orderBy('balance_units', 'desc')
      .execute();
    expect(users).toEqual([
      { user_id: '10000002', units: '9007199254740994' },
      { user_id: '10000001', units: '9007199254740993' },
      { user_id: '10000003', units: '500000' },
    ]);
    const owed = await db
      .selectFrom('ledger_balances')
      .select(sumUnits('balance_units').as('total'))
      .where('asset', '=', 'USDT')
      .where('user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(owed.total).toBe('18014398509981987');
    const all = await db
      .selectFrom('ledger_balances')
      .select(sumUnits('balance_units').as('total'))
      .where('asset', '=', 'USDT')
      .executeTakeFirstOrThrow();
    expect(all.total).toBe('0');
    const deposited = await db
      .selectFrom('ledger_postings')
      .select(sumUnits('amount_units').as('total'))
      .where('reason', '=', 'deposit')
      .executeTakeFirstOrThrow();
    expect(deposited.total).toBe('18014398509981987');
    await host.close();
  });

  it('gives rows written before the units columns their units when the projector opens', async () => {
    const { db, host } = await funded();
    await host.close();
    // As migration 0009 leaves rows it did not write.
    await sql`update ledger_balances set balance_units = null`.execute(db);
    await sql`update ledger_postings set amount_units = null`.execute(db);
    expect((await auditLedger(db)).violations.map((v) => v.kind)).toContain('units_mismatch');
    await SqlProjector.open(db, TEST_ENGINE);
    expect((await auditLedger(db)).violations).toEqual([]);
  });
});
