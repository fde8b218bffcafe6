import type { FastifyInstance } from 'fastify';
import {
  assetsWithdrawal,
  cancelWithdrawal,
  getWithdrawalLog,
  withdrawalInfo,
  withdrawalInputSchema,
  withdrawalRules,
  withdrawSubmit,
  type WithdrawalInput,
} from '@meridian/contract';
import { principalOf } from '../../kernel/http/auth.ts';
import { idempotencyKey, type Idempotency } from '../../kernel/http/idempotency.ts';
import { registerCall } from '../../kernel/http/register-call.ts';
import { AppError } from '../../kernel/errors.ts';
import type { TransportKeys } from '../../kernel/transport-crypto.ts';
import type { Rules } from './rules.ts';
import type { WithdrawalService } from './withdrawals-service.ts';

/**
 * The user's withdrawal calls. Both submit calls (the seed's query-string one and the
 * sealed JSON one) run one service under one idempotency name, so a key used through one
 * replays the same answer through the other.
 */
export function registerWithdrawalCalls(
  app: FastifyInstance,
  head: string,
  deps: {
    withdrawals: WithdrawalService;
    rules: Rules;
    idempotency: Idempotency;
    transport: TransportKeys;
  },
) {
  const { withdrawals, rules, idempotency, transport } = deps;

  const submit = (request: Parameters<typeof principalOf>[0], input: () => WithdrawalInput) => {
    const user = principalOf(request).userId;
    const key = idempotencyKey(request);
    return idempotency.run(
      user,
      key,
      'withdrawals.submit',
      () => withdrawals.submit(user, input(), key),
      { recover: () => withdrawals.submittedWith(user, key!) },
    );
  };

  registerCall(app, head, withdrawalRules, async () => rules.all());
  registerCall(app, head, withdrawalInfo, async (_input, request) =>
    withdrawals.info(principalOf(request).userId),
  );
  registerCall(app, head, withdrawSubmit, async ({ query }, request) =>
    submit(request, () => query),
  );
  registerCall(app, head, assetsWithdrawal, async ({ body }, request) =>
    submit(request, () => {
      // The sealed JSON holds the same fields as the query-string call.
      const parsed = withdrawalInputSchema.safeParse(transport.open(body));
      if (!parsed.success) throw new AppError('validation', 'sealedUnreadable');
      return parsed.data;
    }),
  );
  registerCall(app, head, getWithdrawalLog, async ({ body }, request) =>
    withdrawals.list(principalOf(request).userId, body),
  );
  registerCall(app, head, cancelWithdrawal, async ({ body }, request) => {
    const user = principalOf(request).userId;
    return idempotency.run(user, idempotencyKey(request), 'withdrawals.cancel', () =>
      withdrawals.cancel(user, body.id),
    );
  });
}
