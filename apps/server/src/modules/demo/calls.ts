import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { devOutbox } from '@meridian/contract';
import type { KernelTables } from '../../kernel/db/schema.ts';
import { AppError } from '../../kernel/errors.ts';
import { registerCall } from '../../kernel/http/register-call.ts';

/**
 * The demo's stand-in for a mailbox: with no SMTP or SMS provider, a visitor trying the
 * demo reads their code here. Served only when DEMO_MODE is on.
 */
export function registerDevCalls(
  app: FastifyInstance,
  head: string,
  db: Kysely<KernelTables>,
  demoMode: boolean,
) {
  registerCall(app, head, devOutbox, async ({ query }) => {
    if (!demoMode) throw new AppError('forbidden', 'demoOnly');
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'channel', 'target', 'subject', 'body', 'created_at'])
      .where(
        'target',
        '=',
        query.target.toLowerCase().startsWith('+') ? query.target : query.target.toLowerCase(),
      )
      .orderBy('created_at', 'desc')
      .limit(10)
      .execute();
    return rows.map(({ created_at, ...row }) => ({ ...row, createTime: created_at }));
  });
}
