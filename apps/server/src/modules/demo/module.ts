import { defineModule } from '../../kernel/module.ts';
import { registerDevCalls } from './calls.ts';
import { fundDemoUsers, seedDemoOperators, seedDemoUsers } from './seed.ts';

/** Demo mode: funded demo users, one operator per role, the readable outbox (`/api/dev/outbox`). */
export const demoModule = defineModule({
  name: 'demo',
  async start(ctx) {
    const { demoMode } = ctx.config;
    // Seeded by the leading process; an API process finds them there.
    const seeds = demoMode && ctx.engine.leads;
    const seeded = seeds ? await seedDemoUsers(ctx.use('identity')) : [];
    if (seeds) await fundDemoUsers(ctx.db, ctx.engine);
    if (seeds) await seedDemoOperators(ctx.use('operators'));
    registerDevCalls(ctx.app, ctx.config.head, ctx.db, ctx.use('identity'), demoMode);
    ctx.provide('demo', { seededUsers: seeded });
  },
});
