import type { EngineTables } from '../../engine/tables.ts';
import { defineModule } from '../../kernel/module.ts';
import { registerSpotCalls } from './calls.ts';
import { registerSpotRuleCalls } from './rule-calls.ts';
import { createSpotService } from './spot-service.ts';
import { startUserEvents } from './user-events.ts';

/** Spot orders of both call families, the public trading rules, and each user's events. */
export const spotModule = defineModule({
  name: 'spot',
  start(ctx) {
    const { app, config } = ctx;
    const db = ctx.db.withTables<EngineTables>();
    const spot = createSpotService({ db, engine: ctx.engine });
    registerSpotCalls(app, config.head, { spot, idempotency: ctx.idempotency });
    ctx.provide('spot', { listOrders: spot.listOrders });
    registerSpotRuleCalls(app, config.head, {
      db,
      catalogue: ctx.use('markets').catalogue,
      coins: () => ctx.engine.assets(),
    });
    // Each user's own orders, fills and balances go out on their MQTT refresh topic and
    // their user sockets: told by the leading process, delivered by every one.
    if (ctx.engine.leads) {
      ctx.onClose(
        startUserEvents(ctx.engine, [
          (user, event) => ctx.broker.publishUserRefresh(user, event),
          (user, event) => ctx.userSocket.publish(user, event),
        ]),
      );
    }
  },
});
