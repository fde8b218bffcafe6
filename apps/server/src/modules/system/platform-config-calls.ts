import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LANGUAGES,
  PLATFORM_CONFIG_GLOBAL,
  PLATFORM_CONFIG_PATH,
  platformConfigSchema,
  type PlatformConfig,
} from '@meridian/contract';
import type { Config } from '../../kernel/config.ts';

export function platformConfigFor(
  config: Config,
  request: FastifyRequest,
  defaultLanguage: string = config.defaultLanguage,
): PlatformConfig {
  const scheme = request.protocol === 'https' ? 'wss' : 'ws';
  return platformConfigSchema.parse({
    brand: config.brand,
    apiRoot: config.apiRoot,
    socketUrl: config.socketUrl || `${scheme}://${request.host}`,
    head: config.head,
    languages: LANGUAGES.filter((l) => config.languages.includes(l.code)),
    // A language the deployment serves; any other falls back to its own default.
    defaultLanguage: (config.languages as readonly string[]).includes(defaultLanguage)
      ? defaultLanguage
      : config.defaultLanguage,
    supportLinks: config.supportLinks,
    timezone: config.timezone,
    demoMode: config.demoMode,
  });
}

/** JSON is valid JavaScript; escaping `<` keeps a value from closing a script element. */
export function configScript(value: PlatformConfig): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `window.${PLATFORM_CONFIG_GLOBAL} = Object.freeze(${json});\n`;
}

/** `/platform/dev/config.js`: the web app's runtime configuration, never cached. */
export function registerPlatformConfig(
  app: FastifyInstance,
  config: Config,
  /** The operators' site settings: their default language wins over the deployment's. */
  siteLanguage: () => Promise<string | undefined> = async () => undefined,
): void {
  app.get(PLATFORM_CONFIG_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache, no-store, must-revalidate');
    const language = await siteLanguage().catch(() => undefined);
    return configScript(platformConfigFor(config, request, language));
  });
}
