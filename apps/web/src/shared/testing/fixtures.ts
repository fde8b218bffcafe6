import type { PlatformConfig } from '@meridian/contract/platform-config';

/** The runtime configuration component tests render with. */
export function testPlatformConfig(overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  return {
    brand: 'Meridian',
    apiRoot: '',
    socketUrl: '',
    head: 'core',
    languages: [{ code: 'en', name: 'English' }],
    defaultLanguage: 'en',
    supportLinks: [],
    timezone: null,
    demoMode: false,
    ...overrides,
  };
}

/** jsdom has no media queries or resize observers; antd's menus, avatar and tables use them. */
export function installDomShims(): void {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
