import type { PlatformConfig } from '@meridian/contract/platform-config';
import { PLATFORM_CONFIG_GLOBAL } from '@meridian/contract/platform-config-script';
import { prePaint } from './pre-paint.ts';

// index.html's second script: the config script (deferred) has run before it.
prePaint(
  window[PLATFORM_CONFIG_GLOBAL] as PlatformConfig | undefined,
  document.getElementById('root'),
);

// The browser's locale data (ICU) loads on a page's first Intl call: some 15-25 ms of a
// phone's CPU, which the app's start (its settings read the timezone) would otherwise
// spend in the task that a tap waits behind. Made here, once the first paint is on
// screen, it falls in the time the app's script is still downloading.
requestAnimationFrame(() => {
  setTimeout(() => Intl.DateTimeFormat().resolvedOptions(), 0);
});
