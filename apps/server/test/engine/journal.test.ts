import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { encodeCommand, type EngineCommand } from '@meridian/core';
import { Journal } from '../../src/engine/journal.ts';
import { tempDir } from '../helpers.ts';

const deposit = (seq: number): EngineCommand => ({
  type: 'deposit',
  seq,
  ts: 1_700_000_000_000 + seq,
  user: 'alice',
  asset: 'USDT',
  amount: 5n,
  ref: `d${seq}`,
  source: 'custody',
});

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('groups appends into fsynced writes and reads them back after a restart', async () => {
  dir = tempDir('meridian-journal-');
  const { journal, commands } = Journal.open(dir, 0);
  expect(commands).toEqual([]);
  await Promise.all([1, 2, 3].map((seq) => journal.append(deposit(seq))));
  journal.rollover();
  await journal.append(deposit(4));
  await journal.close();
  expect(fs.readdirSync(dir)).toHaveLength(2);

  const reopened = Journal.open(dir, 2);
  expect(reopened.commands.map((c) => c.seq)).toEqual([3, 4]);
  reopened.journal.prune(3);
  await reopened.journal.close();
  expect(fs.readdirSync(dir)).toEqual(['0000000000000004.log']);
});

it('cuts off a torn record at the end, and refuses damage before it', async () => {
  dir = tempDir('meridian-journal-');
  const file = path.join(dir, '0000000000000001.log');
  const whole = encodeCommand(deposit(1)) + encodeCommand(deposit(2));
  fs.writeFileSync(file, whole + encodeCommand(deposit(3)).slice(0, 20));
  const { journal, commands } = Journal.open(dir, 0);
  expect(commands.map((c) => c.seq)).toEqual([1, 2]);
  expect(fs.readFileSync(file, 'utf8')).toBe(whole);
  await journal.close();

  fs.writeFileSync(file, whole.replace('alice', 'alicf'));
  expect(() => Journal.open(dir, 0)).toThrow(/damaged/);
});
