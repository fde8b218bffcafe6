import type { PlatformConfig } from '@meridian/contract/platform-config';
import {
  PLATFORM_CONFIG_GLOBAL,
  PLATFORM_CONFIG_PATH,
} from '@meridian/contract/platform-config-script';

declare global {
  interface Window {
    [PLATFORM_CONFIG_GLOBAL]?: unknown;
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(script);
  });
}

/**
 * The deployment's runtime configuration, before the app renders. index.html runs the
 * config script (deferred, so it downloads beside the bundle and runs before it); where it
 * has not (a failed request, a test page), the script is loaded here, the timestamp
 * keeping any cache in between from serving an old configuration. It is checked against
 * the contract by `checkPlatformConfig`, off the first paint's path.
 */
export async function loadPlatformConfig(): Promise<PlatformConfig> {
  if (window[PLATFORM_CONFIG_GLOBAL] === undefined) {
    await loadScript(`${PLATFORM_CONFIG_PATH}?t=${Date.now()}`);
  }
  return window[PLATFORM_CONFIG_GLOBAL] as PlatformConfig;
}

/**
 * Rejects a configuration the contract does not accept. The server writes the script from
 * its own checked configuration, so this only fails on a stale or foreign script; it runs
 * once the first screen is drawn, as the schema library (some 27 KB of gzipped script)
 * would otherwise delay every first paint.
 */
export async function checkPlatformConfig(config: unknown): Promise<void> {
  const { platformConfigSchema } = await import('@meridian/contract/platform-config');
  platformConfigSchema.parse(config);
}
