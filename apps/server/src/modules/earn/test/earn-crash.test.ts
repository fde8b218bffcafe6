import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../../..');

async function run(dir: string, mode: 'setup' | 'accrue' | 'inspect') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'crash-child.ts'), dir, mode],
    { cwd: root },
  );
  const exited = new Promise<string | null>((resolve) => child.once('exit', (_c, s) => resolve(s)));
  const lines: Array<Record<string, unknown>> = [];
  for await (const line of readline.createInterface({ input: child.stdout })) {
    lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  return { lines, signal: await exited };
}

it('kill -9 once the accrual is durable and before its days are recorded: each (order, day) pays once, recorded on restart', async () => {
  const dir = tempDir('meridian-earn-crash-');
  const setup = await run(dir, 'setup');
  expect(setup.lines[0]).toMatchObject({ finance: '0' });

  const accrue = await run(dir, 'accrue');
  expect(accrue.signal).toBe('SIGKILL');
  expect(accrue.lines).toEqual([]);

  // The restart's catch-up finds the days paid in the engine and records them; a second
  // restart and run change nothing.
  for (let i = 0; i < 2; i++) {
    const { lines } = await run(dir, 'inspect');
    expect(lines[0]).toEqual({
      again: { paid: 0, recorded: 0, skipped: 0, matured: 0 },
      rows: 60,
      distinct: 60,
      paidDays: Array.from({ length: 20 }, () => 3),
      // 20 orders × 100 USDT × 0.12 % × 3 days.
      finance: '7.2',
      funding: String(1000_000000 - 7_200000),
      principal: String(2000_000000),
    });
  }
}, 120_000);
