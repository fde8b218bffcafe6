import type { PlatformModule } from './kernel/module.ts';
import { demoModule } from './modules/demo/index.ts';
import { chatModule } from './modules/chat/index.ts';
import { contentModule } from './modules/content/index.ts';
import { custodyModule } from './modules/custody/index.ts';
import { depositsModule } from './modules/deposits/index.ts';
import { earnModule } from './modules/earn/index.ts';
import { housekeepingModule } from './modules/housekeeping/index.ts';
import { identityModule } from './modules/identity/index.ts';
import { marginModule } from './modules/margin/index.ts';
import { marketsModule } from './modules/markets/index.ts';
import { operatorsModule } from './modules/operators/index.ts';
import { perpsModule } from './modules/perps/index.ts';
import { secondsModule } from './modules/seconds/index.ts';
import { spotModule } from './modules/spot/index.ts';
import { swapModule } from './modules/swap/index.ts';
import { systemModule } from './modules/system/index.ts';
import { verificationModule } from './modules/verification/index.ts';
import { walletModule } from './modules/wallet/index.ts';
import { withdrawalsModule } from './modules/withdrawals/index.ts';

/**
 * The platform's capabilities, started in this order: a module may use what an earlier
 * one provides. Adding a capability is one line here.
 */
export const MODULES: readonly PlatformModule[] = [
  identityModule,
  operatorsModule,
  verificationModule,
  demoModule,
  marketsModule,
  spotModule,
  secondsModule,
  perpsModule,
  marginModule,
  walletModule,
  withdrawalsModule,
  swapModule,
  earnModule,
  depositsModule,
  custodyModule,
  contentModule,
  housekeepingModule,
  systemModule,
  chatModule,
];
