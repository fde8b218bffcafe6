import { defineModule } from '../../kernel/module.ts';
import { registerSystemCalls } from './calls.ts';
import { createHealthService } from './health.ts';
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
    });
    registerSystemCalls(ctx.app, ctx.config.head, health);
    registerPlatformConfig(ctx.app, ctx.config);
  },
});
