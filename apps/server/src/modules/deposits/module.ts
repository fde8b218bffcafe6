import { defineModule } from '../../kernel/module.ts';
import { accountXpubs, xpubAddressProvider } from './address-provider.ts';
import { createAddressBook } from './addresses.ts';
import { startBankRecharges } from './bank-start.ts';
import { registerDepositCalls } from './calls.ts';
import { createDepositCredits, type CreditRules } from './credits.ts';
import * as m0030 from './migrations/0030_deposit_addresses.ts';
import * as m0031 from './migrations/0031_chain_deposits.ts';
import * as m0032 from './migrations/0032_simulated_chain.ts';
import * as m0045 from './migrations/0045_bank_recharges.ts';
import * as m0157 from './migrations/0157_bank_recharges_claim.ts';
import { COIN_NETWORKS, NETWORKS } from './networks.ts';
import { esploraWatcher } from './esplora-watcher.ts';
import { createSimulatedChain } from './simulated-chain.ts';
import type { DepositTables } from './tables.ts';
import type { ChainWatcher } from './watcher.ts';

/**
 * On-chain deposits (issue 17): an address per user, coin and network derived from the
 * operator's account xpubs, a chain watcher (the simulated chain by default), and credits
 * through the engine once a deposit is final, exactly once per output; and bank-transfer
 * recharges, credited once an operator approves the payment.
 */
export const depositsModule = defineModule({
  name: 'deposits',
  migrations: {
    '0030_deposit_addresses': m0030,
    '0031_chain_deposits': m0031,
    '0032_simulated_chain': m0032,
    '0045_bank_recharges': m0045,
    '0157_bank_recharges_claim': m0157,
  },
  async start(ctx) {
    const { app, clock, config } = ctx;
    const db = ctx.db.withTables<DepositTables>();
    const xpubs = accountXpubs(config.deposits, config.demoMode, config.dataDir, (message) =>
      app.log.warn(message),
    );
    const provider = xpubAddressProvider(xpubs);
    const missing = [
      ...(xpubs.bip84 ? [] : ['DEPOSIT_XPUB_BTC']),
      ...(xpubs.evm ? [] : ['DEPOSIT_XPUB_EVM']),
    ];
    if (missing.length > 0) {
      app.log.warn(`deposits: ${missing.join(' and ')} not set: their networks take no deposits`);
    }
    const addresses = createAddressBook(db, clock, provider);
    const networks = Object.keys(NETWORKS);
    // Bitcoin through Esplora when one is configured; the simulated chain for the rest.
    const esplora = config.deposits.esploraUrl
      ? esploraWatcher(config.deposits.esploraUrl, ctx.options.deposits?.fetch)
      : null;
    const simulated = networks.filter((n) => !(esplora && n === 'BTC'));
    const chain = createSimulatedChain(db, clock, simulated);
    const watcherOf = (network: string) => (esplora && network === 'BTC' ? esplora : chain.watcher);
    const watcher: ChainWatcher = {
      scan: (network, cursor, limit) => watcherOf(network).scan(network, cursor, limit),
      confirmations: (network, keys) => watcherOf(network).confirmations(network, keys),
    };
    const rules: CreditRules = {
      accepts: (coin, network) => COIN_NETWORKS[coin]?.networks.includes(network) ?? false,
      confirmations: (coin) =>
        config.deposits.confirmations[coin] ?? COIN_NETWORKS[coin]?.confirmations ?? 1,
      minimum: (coin) => COIN_NETWORKS[coin]?.minimum ?? null,
    };
    const credits = createDepositCredits({
      db,
      clock,
      engine: ctx.engine,
      watcher,
      addresses,
      rules,
      networks,
      log: (message, detail) => app.log.error(detail ?? {}, message),
    });

    registerDepositCalls(app, config.head, {
      db,
      catalogue: ctx.use('markets').catalogue,
      provider,
      addresses,
      rules,
      chain,
      demoMode: config.demoMode,
      simulated,
      watchNow: () => credits.pass(),
    });

    // The simulated chain's blocks, each followed by a pass of the credits. A pass also runs
    // at start, so whatever a stop interrupted is finished first.
    let running: Promise<void> | null = null;
    const block = async () => {
      await chain.mine();
      await credits.pass();
    };
    // The chain is watched by the leading process alone; API processes only answer calls.
    if (ctx.engine.leads) await credits.pass();
    if (ctx.engine.leads && config.deposits.blockMs > 0) {
      const timer = setInterval(() => {
        if (running) return;
        running = block()
          .catch((error: unknown) => app.log.error(error, 'deposits: a block failed'))
          .finally(() => {
            running = null;
          });
      }, config.deposits.blockMs);
      timer.unref();
      ctx.onClose(async () => {
        clearInterval(timer);
        await running;
      });
    }

    await startBankRecharges(ctx);

    ctx.provide('deposits', {
      chain,
      credits,
      block,
      addressOf: async (userId, coin, network) => {
        const known = NETWORKS[network];
        if (!known || !rules.accepts(coin, network)) throw new Error(`${coin} on ${network}?`);
        return (await addresses.addressFor(userId, coin, known)).address;
      },
    });
  },
});
