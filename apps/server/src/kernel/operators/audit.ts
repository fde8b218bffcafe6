import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { iso, type Clock } from '../clock.ts';
import type { KernelTables } from '../db/schema.ts';
import { operatorOf } from '../http/operator-auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once an operator call wrote its audit row; registerCall checks it for writes. */
    audited: boolean;
  }
}

export interface AuditEntry {
  /** What was done, as `<thing>.<verb>`: `identity.approve`, `market.pause`. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Anything that runs queries on the kernel's tables: the database or a transaction. */
export type AuditExecutor = Pick<Kysely<KernelTables>, 'insertInto'>;

/** Who acted, where no operator request exists (the `npm run operator` command line). */
export interface AuditActor {
  operatorId: string;
  email: string;
  role: string;
  ip: string;
  userAgent: string;
}

export interface AuditLog {
  /**
   * Appends one row for the operator behind `request`. Pass the transaction that makes the
   * change, so the change and its row commit together or not at all.
   */
  record(executor: AuditExecutor, request: FastifyRequest, entry: AuditEntry): Promise<void>;
  recordAs(executor: AuditExecutor, actor: AuditActor, entry: AuditEntry): Promise<void>;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export function createAuditLog(clock: Clock): AuditLog {
  async function recordAs(executor: AuditExecutor, actor: AuditActor, entry: AuditEntry) {
    await executor
      .insertInto('audit_log')
      .values({
        at: iso(clock.now()),
        operator_id: actor.operatorId,
        operator_email: actor.email,
        role: actor.role,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        before_json: json(entry.before),
        after_json: json(entry.after),
        reason: entry.reason ?? null,
        ip: actor.ip,
        user_agent: actor.userAgent.slice(0, 512),
      })
      .execute();
  }
  return {
    recordAs,
    async record(executor, request, entry) {
      const operator = operatorOf(request);
      await recordAs(
        executor,
        {
          operatorId: operator.operatorId,
          email: operator.email,
          role: operator.role,
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        },
        entry,
      );
      request.audited = true;
    },
  };
}
