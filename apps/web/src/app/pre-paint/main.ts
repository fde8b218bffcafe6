import type { PlatformConfig } from '@meridian/contract/platform-config';
import { PLATFORM_CONFIG_GLOBAL } from '@meridian/contract/platform-config-script';
import { prePaint } from './pre-paint.ts';

// index.html's second script: the config script (deferred) has run before it.
prePaint(
  window[PLATFORM_CONFIG_GLOBAL] as PlatformConfig | undefined,
  document.getElementById('root'),
);
