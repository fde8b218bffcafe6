import { defineModule } from '../../kernel/module.ts';
import { registerSystemCalls } from './calls.ts';
import { createHealthService } from './health.ts';
import { storageHealth } from '../housekeeping/index.ts';
import { registerPlatformConfig } from './platform-config-calls.ts';

/** Health and the web app's runtime configuration (`/platform/dev/config.js`). */
export const systemModule = defineModule({
  name: 'system',
  start(ctx) {
    const startedAt = new Date();
    const health = createHealthService({
      probes: ctx.probes(),
      database: ctx.database,
      version: ctx.config.version,
      deploymentId: ctx.facts.deploymentId,
      startedAt,
      engine: {
        store: ctx.config.engineStore,
        leads: ctx.engine.leads,
        seq: () => ctx.engine.seq,
      },
      storage: storageHealth(ctx.use('housekeeping')),
    });
    registerSystemCalls(ctx.app, ctx.config.head, health);
    const content = ctx.use('content');
    registerPlatformConfig(
      ctx.app,
      ctx.config,
      async () => (await content.settings.read()).defaultLanguage,
    );
  },
});
