import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/kernel/db/database.ts';
import { tempDir } from './helpers.ts';

// The projection writes from another connection; a write of the platform's own that finds
// the file locked waits for it without stopping the thread that serves requests, and
// then goes through.
let database: Database | undefined;
let other: SQLite.Database | undefined;
let dir: string | undefined;
afterEach(async () => {
  other?.close();
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  database = other = dir = undefined;
});

it('waits for another connection’s write lock while the event loop keeps running', async () => {
  dir = tempDir('meridian-busy-');
  database = openDatabase({ dataDir: dir });
  await sql`create table notes (id integer primary key, text text)`.execute(database.db);
  other = new SQLite(database.sqlite!.name);
  other.exec('begin immediate');
  other.prepare('insert into notes (text) values (?)').run('theirs');

  const order: string[] = [];
  const mine = sql`insert into notes (text) values ('mine')`
    .execute(database.db)
    .then(() => order.push('written'));
  const inTransaction = database.db
    .transaction()
    .execute(async (tx) => {
      const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(tx);
      await sql`insert into notes (text) values (${`after ${rows.rows[0]!.n}`})`.execute(tx);
    })
    .then(() => order.push('transaction'));
  // Timers fire while both wait: nothing blocks the thread.
  await new Promise((resolve) => setTimeout(resolve, 30));
  order.push('timer');
  other.exec('commit');
  await Promise.all([mine, inTransaction]);

  expect(order[0]).toBe('timer');
  const texts = await sql<{ text: string }>`select text from notes order by id`.execute(
    database.db,
  );
  expect(texts.rows.map((r) => r.text)).toEqual(['theirs', 'mine', 'after 2']);
});
