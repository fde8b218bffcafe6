import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { tempDir } from '../helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');

/** Runs fund-child.ts; with `killAfter`, it kills itself -9 after that many fundings. */
async function run(dir: string, options: { killAfter?: number; mode?: string } = {}) {
  const args = ['--import', 'tsx', path.join(here, 'fund-child.ts'), dir];
  const mode = options.mode ?? (options.killAfter ? String(options.killAfter) : undefined);
  if (mode) args.push(mode);
  const child = spawn(process.execPath, args, { cwd: root });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines: Array<Record<string, unknown>> = [];
  for await (const line of readline.createInterface({ input: child.stdout })) {
    lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  await exited;
  return lines;
}

it.each([1, 2])(
  'kill -9 after %i acknowledged funding(s) of a market maker: a restart funds nothing twice',
  async (killAfter) => {
    const dir = tempDir('meridian-funding-crash-');
    const first = await run(dir, { killAfter });
    expect(first.filter((l) => l.funded)).toHaveLength(killAfter);
    expect(first.some((l) => l.done)).toBe(false);

    // The marker was never written: the restart runs the funding again, and the engine
    // refuses each reference it already credited.
    const second = await run(dir);
    expect(second.at(-1)).toEqual({ done: true });
    const refused = second.filter((l) => (l.events as string[])?.includes('rejected'));
    expect(refused.length).toBeGreaterThanOrEqual(killAfter);

    const [state] = await run(dir, { mode: 'inspect' });
    expect(state).toEqual({
      usdt: { asset: 'USDT', available: '1000', held: '0' },
      btc: { asset: 'BTC', available: '1', held: '0' },
      marked: true,
    });
  },
);
