import type { FastifyInstance } from 'fastify';
import {
  opsEarnProducts,
  opsFundEarnProduct,
  opsSaveEarnProduct,
  opsSetEarnProductState,
} from '@meridian/contract';
import { registerCall } from '../../kernel/http/register-call.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { Products } from './products.ts';
import type { EarnDb } from './tables.ts';

/**
 * The operators' earn calls (permission earn.manage): products (audited in the
 * transaction of their change; orders already placed keep their terms), pausing, and
 * funding (an engine adjustment inside its audit row's transaction). None of them moves
 * a user's money or changes an order.
 */
export function registerEarnOpsCalls(
  app: FastifyInstance,
  head: string,
  deps: { db: EarnDb; products: Products; audit: AuditLog; clock: Clock },
) {
  const { db, products, audit, clock } = deps;
  registerCall(app, head, opsEarnProducts, async () => products.all());
  registerCall(app, head, opsSaveEarnProduct, async ({ body }, request) =>
    products.save(body, clock.now().getTime(), (trx, before, after) =>
      audit.record(trx, request, {
        action: before ? 'earn.product.update' : 'earn.product.create',
        targetType: 'earn_product',
        targetId: after.id,
        before,
        after,
      }),
    ),
  );
  registerCall(app, head, opsSetEarnProductState, async ({ body }, request) =>
    products.setState(body.id, body.state, clock.now().getTime(), (trx, before) =>
      audit.record(trx, request, {
        action: body.state === 'paused' ? 'earn.product.pause' : 'earn.product.resume',
        targetType: 'earn_product',
        targetId: body.id,
        before: { state: before.state },
        after: { state: body.state },
      }),
    ),
  );
  // The audit row and the engine's adjustment commit together: the row is written in a
  // transaction that ends only once the engine has acknowledged the move, and a refused
  // move rolls it back; the engine applies each reference once whatever is retried.
  registerCall(app, head, opsFundEarnProduct, async ({ body }, request) => {
    // Read before the transaction: on SQLite it holds the one connection until it ends.
    const row = await products.mustFind(body.id);
    await db.transaction().execute(async (trx) => {
      await audit.record(trx, request, {
        action: 'earn.product.fund',
        targetType: 'earn_product',
        targetId: body.id,
        after: { amount: body.amount, reference: body.reference },
      });
      await products.fund(row, body.amount, body.reference);
    });
    return products.opsView(row);
  });
}
