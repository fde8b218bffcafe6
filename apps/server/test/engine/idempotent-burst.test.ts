import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { tempDir } from '../helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const KEYS = Array.from({ length: 200 }, (_, i) => ({ key: `burst-${i}`, price: `${50_000 + i}` }));

interface Answer {
  key: string;
  code: number;
  id: string | null;
}

/** Starts the child and sends every key at once; it kills itself -9 after `killAfter` acks. */
async function burst(dataDir: string, killAfter?: number): Promise<Answer[]> {
  const args = ['--import', 'tsx', path.join(here, 'idempotent-burst-child.ts'), dataDir];
  if (killAfter) args.push(String(killAfter));
  const child = spawn(process.execPath, args, { cwd: root });
  const answers: Answer[] = [];
  for await (const line of readline.createInterface({ input: child.stdout })) {
    const message = JSON.parse(line) as Answer & { ready?: boolean };
    if (message.ready) {
      child.stdin.write(KEYS.map((k) => JSON.stringify(k)).join('\n') + '\n');
      continue;
    }
    answers.push(message);
    if (answers.length === KEYS.length) {
      child.kill('SIGKILL');
      break;
    }
  }
  await new Promise((resolve) => child.once('exit', resolve));
  return answers;
}

it('kill -9 during a burst of idempotent orders: after restart every key answers its own order', async () => {
  const dataDir = tempDir('meridian-burst-');
  const before = await burst(dataDir, 50);
  expect(before.length).toBeLessThan(50);
  expect(before.every((a) => a.code === 200)).toBe(true);

  // The same keys again, after the crash: some answered, some in flight, some never sent.
  const after = await burst(dataDir);
  expect(after.map((a) => a.code)).toEqual(KEYS.map(() => 200));
  const byKey = new Map(after.map((a) => [a.key, a.id]));
  for (const a of before) expect(byKey.get(a.key)).toBe(a.id);
  // One order per key: none placed twice, none lost.
  expect(new Set(after.map((a) => a.id)).size).toBe(KEYS.length);

  // And a third run answers each key from its stored answer.
  const third = await burst(dataDir);
  expect(new Map(third.map((a) => [a.key, a.id]))).toEqual(byKey);
});
