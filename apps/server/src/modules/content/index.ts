export { contentModule } from './module.ts';

import type { createSettings } from './settings.ts';

export interface ContentService {
  /** The site settings as operators saved them over the deployment's defaults. */
  settings: ReturnType<typeof createSettings>;
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    content: ContentService;
  }
}
