import { Cron } from 'croner';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';

/** Every minute: a run is cheap when nothing is due (one indexed query). */
const EVERY_MINUTE = '* * * * *';
const QUEUE = 'earn-accrual';

export interface Scheduler {
  readonly kind: 'croner' | 'pg-boss';
  /** pg-boss's own schema (PostgreSQL only). */
  readonly schema?: string;
  stop(): Promise<void>;
}

/**
 * The embedded default: croner in this process, a run every minute, never two at once.
 * Which day is due comes from the injected clock at each run, not from the timer, so
 * a late or missed tick (a stopped process) is caught up on the next one.
 */
export function cronScheduler(
  run: () => Promise<unknown>,
  onError: (e: unknown) => void,
): Scheduler {
  const job = new Cron(EVERY_MINUTE, { protect: true }, () => {
    run().catch(onError);
  });
  return {
    kind: 'croner',
    async stop() {
      job.stop();
    },
  };
}

/**
 * On PostgreSQL: pg-boss schedules the run (one job a minute, a singleton across every
 * process that shares the database), through the platform's own connection pool.
 */
export async function pgBossScheduler(
  db: Kysely<unknown>,
  run: () => Promise<unknown>,
  onError: (e: unknown) => void,
): Promise<Scheduler> {
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const base = current.rows[0]?.schema ?? 'public';
  // Its own schema beside `public`; a platform kept in a schema of its own keeps the jobs
  // there too (its tables are named version, queue, schedule, subscription, job, archive).
  const schema = base === 'public' ? 'pgboss' : base;
  const boss = new PgBoss({
    schema,
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows as unknown[] };
      },
    },
    supervise: false,
  });
  boss.on('error', onError);
  await boss.start();
  if (!(await boss.getQueue(QUEUE)))
    await boss.createQueue(QUEUE, { name: QUEUE, policy: 'singleton' });
  await boss.schedule(QUEUE, EVERY_MINUTE);
  await boss.work(QUEUE, async () => {
    await run();
  });
  return {
    kind: 'pg-boss',
    schema,
    async stop() {
      await boss.stop({ graceful: false, close: false, wait: true } as PgBoss.StopOptions);
    },
  };
}
