import type { SpotService } from './spot-service.ts';

export { spotModule } from './module.ts';
export { EVERY_ISOLATED, type OrderWallet } from './spot-service.ts';

export interface SpotModuleService {
  /**
   * A user's orders of one wallet (the spot wallet unless named), newest first, paged, in
   * the spot order view: the margin centres list their accounts' orders through it.
   */
  listOrders: SpotService['listOrders'];
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    spot: SpotModuleService;
  }
}
