import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../src/cli/operator.ts');

/** The embedded database of `DATA_DIR`, whatever the test run's environment names. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  delete env.DATABASE_URL;
  return env;
}

async function operator(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: withoutDatabaseUrl({ ...process.env, DATA_DIR: dataDir }),
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm run operator', () => {
  it("adds a deployment's first admin on a one-time password, once, audited as the command line", async () => {
    const dataDir = tempDir();
    const added = await operator(dataDir, 'add', '--email', 'First@Example.com', '--role', 'admin');
    expect(added.code, added.out).toBe(0);
    expect(added.out).toMatch(/^first@example\.com \(admin\): one-time password [A-Za-z0-9]{20}$/m);
    const again = await operator(dataDir, 'add', '--email', 'first@example.com', '--role', 'admin');
    expect(again).toMatchObject({ code: 1, out: expect.stringContaining('exists already') });
    const reset = await operator(dataDir, 'reset', '--email', 'first@example.com');
    expect(reset.code).toBe(0);
    expect(
      await operator(dataDir, 'add', '--email', 'not-an-email', '--role', 'admin'),
    ).toMatchObject({ code: 2 });
    expect(
      await operator(dataDir, 'add', '--email', 'x@example.com', '--role', 'root'),
    ).toMatchObject({ code: 2 });

    const db = new Database(path.join(dataDir, 'meridian.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('select action, role, ip from audit_log order by id').all();
      expect(rows).toEqual([
        { action: 'operator.create', role: 'cli', ip: 'local' },
        { action: 'operator.reset', role: 'cli', ip: 'local' },
      ]);
      const op = db.prepare('select role, must_activate from operators').all();
      expect(op).toEqual([{ role: 'admin', must_activate: 1 }]);
    } finally {
      db.close();
    }
  });
});
