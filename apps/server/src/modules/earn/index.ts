import type { EarnService } from './service.ts';

export { earnModule, earnOf } from './module.ts';
export type { EarnService } from './service.ts';

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    earn: EarnService;
  }
}
