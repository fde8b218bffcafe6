import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  operatorActivate,
  operatorDashboard,
  operatorLogin,
  operatorLogout,
  operatorMe,
  opsAdjustments,
  opsApproveAdjustment,
  opsAuditLog,
  opsCreateOperator,
  opsOperators,
  opsProposeAdjustment,
  opsRejectAdjustment,
  opsResetOperator,
  opsRoles,
  opsSetRolePermissions,
  opsUpdateOperator,
  opsUserBalances,
  opsUserDetail,
  opsUserFreeze,
  opsUserOrders,
  opsUserPostings,
  opsUserSearch,
} from '@meridian/contract';
import type { EngineFront } from '../../engine/engine-front.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import { operatorOf } from '../../kernel/http/operator-auth.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { OperatorPrincipal } from '../../kernel/operators/authority.ts';
import { AppError } from '../../kernel/errors.ts';
import type { IdentityService } from '../identity/index.ts';
import type { Adjustments } from './adjustments.ts';
import { queryAudit } from './audit-query.ts';
import type { Audit, OperatorAccounts } from './operator-accounts.ts';
import type { ReviewQueues } from './review-queues.ts';
import type { OperatorDb } from './tables.ts';
import { createUserLedger } from './user-ledger.ts';

export interface OperatorCallDeps {
  db: OperatorDb;
  audit: AuditLog;
  accounts: OperatorAccounts;
  adjustments: Adjustments;
  identity: IdentityService;
  engine: Pick<EngineFront, 'balances' | 'projected'>;
  queues: ReviewQueues;
}

/** Sign-in limits per IP address: enough for a team behind one office address. */
const SIGN_IN_PER_MINUTE = 20;

export function registerOperatorCalls(app: FastifyInstance, head: string, deps: OperatorCallDeps) {
  const { db, audit, accounts, adjustments, identity, engine, queues } = deps;
  const users = identity.operatorViews;
  const ledger = createUserLedger(db, engine);
  /** The audit writer for this request's operator. */
  const auditOf =
    (request: FastifyRequest): Audit =>
    (executor, entry) =>
      audit.record(executor, request, entry);
  const clientOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  /** A sign-in's row names the operator who just proved who they are. */
  const signInAudit =
    (request: FastifyRequest) =>
    (principal: OperatorPrincipal): Audit =>
    (executor, entry) =>
      audit.recordAs(
        executor,
        {
          operatorId: principal.operatorId,
          email: principal.email,
          role: principal.role,
          ...clientOf(request),
        },
        entry,
      );

  registerCall(
    app,
    head,
    operatorLogin,
    async ({ body }, request) => accounts.login(body, clientOf(request), signInAudit(request)),
    { perMinute: SIGN_IN_PER_MINUTE },
  );
  registerCall(
    app,
    head,
    operatorActivate,
    async ({ body }, request) => accounts.activate(body, clientOf(request), signInAudit(request)),
    { perMinute: SIGN_IN_PER_MINUTE },
  );
  registerCall(app, head, operatorMe, async (_input, request) =>
    accounts.me(operatorOf(request).operatorId),
  );
  registerCall(app, head, operatorLogout, async (_input, request) => {
    await accounts.logout(operatorOf(request).sessionId, auditOf(request));
    return null;
  });

  registerCall(app, head, operatorDashboard, async () => {
    const [queueCounts, adjustmentsPending, counts] = await Promise.all([
      queues.counts(),
      adjustments.pendingCount(),
      users.counts(),
    ]);
    return { queues: queueCounts, adjustmentsPending, ...counts };
  });

  registerCall(app, head, opsUserSearch, async ({ query }) =>
    users.search(query.query, query.current, query.size),
  );
  registerCall(app, head, opsUserDetail, async ({ params }) => users.detail(params.id));
  registerCall(app, head, opsUserBalances, async ({ params }) => {
    if (!(await users.exists(params.id))) throw new AppError('notFound');
    return engine.balances(params.id);
  });
  registerCall(app, head, opsUserPostings, async ({ params, query }) =>
    ledger.postings(params.id, query.current, query.size),
  );
  registerCall(app, head, opsUserOrders, async ({ params, query }) =>
    ledger.orders(params.id, query.current, query.size),
  );
  registerCall(app, head, opsUserFreeze, async ({ params, body }, request) => {
    await users.setFreeze(params.id, body, (trx) =>
      audit.record(trx, request, {
        action: body.frozen ? `user.freeze.${body.kind}` : `user.unfreeze.${body.kind}`,
        targetType: 'user',
        targetId: params.id,
        before: { [body.kind]: !body.frozen },
        after: { [body.kind]: body.frozen },
        reason: body.reason,
      }),
    );
    return null;
  });

  registerCall(app, head, opsAdjustments, async ({ query }) => adjustments.list(query));
  registerCall(app, head, opsProposeAdjustment, async ({ body }, request) =>
    adjustments.propose(body, operatorOf(request).operatorId, auditOf(request)),
  );
  registerCall(app, head, opsApproveAdjustment, async ({ params }, request) =>
    adjustments.approve(params.id, operatorOf(request).operatorId, auditOf(request)),
  );
  registerCall(app, head, opsRejectAdjustment, async ({ params, body }, request) =>
    adjustments.reject(params.id, operatorOf(request).operatorId, body.reason, auditOf(request)),
  );

  registerCall(app, head, opsAuditLog, async ({ query }) => queryAudit(db, query));

  registerCall(app, head, opsOperators, async () => accounts.list());
  registerCall(app, head, opsCreateOperator, async ({ body }, request) =>
    accounts.create(body.email, body.role, auditOf(request)),
  );
  registerCall(app, head, opsUpdateOperator, async ({ params, body }, request) =>
    accounts.update(params.id, body, auditOf(request)),
  );
  registerCall(app, head, opsResetOperator, async ({ params }, request) =>
    accounts.reset(params.id, auditOf(request)),
  );
  registerCall(app, head, opsRoles, async () => accounts.roles());
  registerCall(app, head, opsSetRolePermissions, async ({ params, body }, request) =>
    accounts.setRolePermissions(params.role, body.permissions, auditOf(request)),
  );
}
