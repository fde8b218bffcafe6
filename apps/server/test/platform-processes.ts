// Whole platform processes on one PostgreSQL schema with the engine journal in it
// (ENGINE_STORE=postgres), for the failover test and `npm run bench -- failover`.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export { freePort } from '../../../e2e/start-platform.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `url` with every connection's search path set to `schema`. */
export function schemaUrl(url: string, schema: string): string {
  const database = new URL(url);
  database.searchParams.set('options', `-c search_path=${schema}`);
  return database.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * What a network partition or a killed backend does to the engine leader of `schema`:
 * its journal session ends, and the lead (an advisory lock) goes with it. Answers how
 * many sessions held the lead (one).
 */
export async function cutEngineLeader(url: string, schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and granted
         and database = (select oid from pg_database where datname = current_database())
         and objid = (hashtextextended($1, 0) & 4294967295)::bigint::oid`,
      [`${schema}/meridian-engine/main`],
    );
    for (const row of rows) await client.query('select pg_terminate_backend($1)', [row.pid]);
    return rows.length;
  } finally {
    await client.end();
  }
}

/** The environment of a demo deployment on `url`'s `schema`, quiet and without bots. */
export function platformEnvironment(options: {
  url: string;
  schema: string;
  dataDir: string;
  port: number;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: schemaUrl(options.url, options.schema),
    ENGINE_STORE: 'postgres',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DEMO_MODE: 'true',
    MARKET_MAKERS: 'false',
    MARKET_HISTORY_DAYS: '0',
    DEPOSIT_BLOCK_MS: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
}

export interface PlatformProcess {
  child: ChildProcess;
  /** Resolves once the process has printed `text` (its standby line, say). */
  said(text: string): Promise<void>;
}

export function startPlatform(env: NodeJS.ProcessEnv): PlatformProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    async said(text) {
      while (!output.includes(text)) {
        if (child.exitCode !== null) throw new Error(`the platform exited (${child.exitCode})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { code: number; msg: string; data: any };
}

/** One call; null when nothing answers (nothing listens, or the connection died). */
export async function request(
  port: number,
  method: string,
  route: string,
  options: { body?: unknown; token?: string; key?: string } = {},
): Promise<Answer | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${route}`, {
      method,
      headers: {
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  } catch {
    return null;
  }
}

/** Waits until `/api/health` on `port` answers 200 (the process serves). */
export async function serving(port: number): Promise<Answer> {
  for (;;) {
    const answer = await request(port, 'GET', '/api/health');
    if (answer?.status === 200) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function signIn(port: number, email: string): Promise<string> {
  const answer = await request(port, 'POST', '/api/user/login', {
    body: { type: 'email', username: email, password: 'Demo1234' },
  });
  if (answer?.status !== 200) throw new Error(`sign-in of ${email} failed`);
  return answer.body.data.token as string;
}

/** The last BTC/USDT price, as a limit price that trades near the market. */
export async function btcPrice(port: number): Promise<string> {
  const goods = await request(port, 'GET', '/api/core/coin/open/getSpotGoods');
  const rows = goods!.body.data as Array<{ symbol_name: string; close: string }>;
  return Number(rows.find((row) => row.symbol_name === 'BTC/USDT')!.close).toFixed(2);
}
