import type { SimulatedChain } from './simulated-chain.ts';

export { depositsModule } from './module.ts';
export type { SimulatedChain };
export type { ChainDepositsTable, DepositTables } from './tables.ts';

export interface DepositsService {
  /** The default watcher's chain: sends, blocks and reorganisations (tests, the bench). */
  chain: SimulatedChain;
  /** One pass of the credits over every network; passes never overlap. */
  credits: { pass(): Promise<void> };
  /** One block of the simulated chain, then a pass (the timer's step; tests call it). */
  block(): Promise<void>;
  /** A user's deposit address for a coin on a network, made on first ask (the bench). */
  addressOf(userId: string, coin: string, network: string): Promise<string>;
}

declare module '../../kernel/module.ts' {
  interface ModuleServices {
    deposits: DepositsService;
  }
  interface PlatformOptions {
    /** How the Esplora watcher reaches its API (tests answer from fixtures). */
    deposits?: { fetch?: typeof fetch };
  }
}
