import {
  PLATFORM_CONFIG_GLOBAL,
  PLATFORM_CONFIG_PATH,
  platformConfigSchema,
  type PlatformConfig,
} from '@meridian/contract/platform-config';

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
 * keeping any cache in between from serving an old configuration.
 */
export async function loadPlatformConfig(): Promise<PlatformConfig> {
  if (window[PLATFORM_CONFIG_GLOBAL] === undefined) {
    await loadScript(`${PLATFORM_CONFIG_PATH}?t=${Date.now()}`);
  }
  return platformConfigSchema.parse(window[PLATFORM_CONFIG_GLOBAL]);
}
