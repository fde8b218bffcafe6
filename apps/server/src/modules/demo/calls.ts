import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { devOutbox } from '@meridian/contract';
import type { KernelTables } from '../../kernel/db/schema.ts';
import { AppError } from '../../kernel/errors.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { IdentityService } from '../identity/index.ts';
import { DEMO_USERS } from './seed.ts';

/**
 * The demo's stand-in for a mailbox, for the seeded demo accounts only: their addresses
 * are reserved (`.local`) and their passwords public, so their codes are no secret. A
 * person's messages are never shown, even in demo mode: anyone could otherwise request a
 * reset code for a registered address, read it here and take the account. With no mail
 * provider configured, codes for everyone else are printed in the server's log, which only
 * whoever runs the server reads.
 */
export function registerDevCalls(
  app: FastifyInstance,
  head: string,
  db: Kysely<KernelTables>,
  identity: Pick<IdentityService, 'hasAccount'>,
  demoMode: boolean,
) {
  registerCall(app, head, devOutbox, async ({ query }) => {
    if (!demoMode) throw new AppError('forbidden', 'demoOnly');
    const target = query.target.toLowerCase();
    const demo = DEMO_USERS.find((u) => u.email === target);
    // The seeded account itself, by its reserved id: not a person who took the address first.
    if (!demo || !(await identity.hasAccount(demo)))
      throw new AppError('forbidden', 'demoOutboxOnly');
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'channel', 'target', 'subject', 'body', 'created_at'])
      .where('target', '=', demo.email)
      .orderBy('created_at', 'desc')
      .limit(10)
      .execute();
    return rows.map(({ created_at, ...row }) => ({ ...row, createTime: created_at }));
  });
}
