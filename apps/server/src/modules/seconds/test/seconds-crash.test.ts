import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../../..');

async function run(dir: string, mode: 'open' | 'settle' | 'inspect') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'crash-child.ts'), dir, mode],
    {
      cwd: root,
    },
  );
  const exited = new Promise<string | null>((resolve) => child.once('exit', (_c, s) => resolve(s)));
  const lines: Array<Record<string, unknown>> = [];
  for await (const line of readline.createInterface({ input: child.stdout })) {
    lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  return { lines, signal: await exited };
}

it('kill -9 with contracts open, and again as their tick settles them: each settles once, rows written on restart', async () => {
  const dir = tempDir('meridian-seconds-crash-');
  const opened = await run(dir, 'open');
  expect(opened.signal).toBe('SIGKILL');
  expect(opened.lines.filter((l) => l.opened)).toHaveLength(3);

  // The contracts came back from the journal; the settling tick is durable, then -9.
  const settled = await run(dir, 'settle');
  expect(settled.signal).toBe('SIGKILL');
  expect(settled.lines[0]).toEqual({ open: 3 });

  // The restart writes the rows the crash caught, from the replayed journal; a second
  // restart changes nothing.
  for (let i = 0; i < 2; i++) {
    const { lines } = await run(dir, 'inspect');
    const [state] = lines as [
      { rows: Array<Record<string, string>>; open: number; balance: unknown },
    ];
    expect(state.open).toBe(0);
    expect(state.rows.map((r) => [r.outcome, r.payout, r.close_price])).toEqual([
      ['win', '120', '65000.000001'],
      ['loss', '80', '65000.000001'],
      ['win', '120', '65000.000001'],
    ]);
    // 1000 - 3 x 100.2 + 120 + 80 + 120.
    expect(state.balance).toEqual({ asset: 'USDT', available: '1019.4', held: '0' });
  }
}, 60_000);
