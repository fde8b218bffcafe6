import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { tempDir } from '../helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');

async function run(dir: string, mode: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'perp-funding-child.ts'), dir, mode],
    { cwd: root },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines: Array<Record<string, unknown>> = [];
  for await (const line of readline.createInterface({ input: child.stdout })) {
    lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  await exited;
  return lines;
}

it('kill -9 right after a funding run is acknowledged: the restart pays nothing twice', async () => {
  const dir = tempDir('meridian-perp-funding-');
  expect(await run(dir, 'open')).toEqual([{ opened: true }]);
  const [first] = await run(dir, 'fund-kill');
  expect(first!.events).toContain('perp_funding');
  // The same run after the crash: the journal already holds it, so the engine refuses it.
  const [again] = await run(dir, 'fund');
  expect(again!.events).toEqual(['duplicate_reference']);
  // 6,000 at the mark × 0.01 % (no premium samples yet: the interest rate) = 0.6, once.
  const [state] = await run(dir, 'inspect');
  expect(state).toEqual({ alice: '599400000', bob: '600600000', settlement: '0' });
}, 60_000);
