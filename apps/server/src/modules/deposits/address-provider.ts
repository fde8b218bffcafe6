import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import type { DepositConfig } from '../../kernel/config.ts';
import { deriveAddress, readAccountKey, type DerivationScheme } from './derivation.ts';

/**
 * Where deposit addresses come from: the address at an index of a derivation scheme. The
 * default derives from the operator's account xpubs; a custodian or node that hands out
 * addresses itself would implement the same.
 */
export interface AddressProvider {
  /** Whether this scheme has a key (a network without one takes no deposits). */
  supports(scheme: DerivationScheme): boolean;
  address(scheme: DerivationScheme, index: number): string;
}

export function xpubAddressProvider(
  xpubs: Partial<Record<DerivationScheme, string>>,
): AddressProvider {
  const keys = new Map<DerivationScheme, HDKey>();
  for (const [scheme, xpub] of Object.entries(xpubs) as Array<
    [DerivationScheme, string | undefined]
  >) {
    if (xpub) keys.set(scheme, readAccountKey(xpub));
  }
  return {
    supports: (scheme) => keys.has(scheme),
    address(scheme, index) {
      const key = keys.get(scheme);
      if (!key) throw new Error(`no account key for ${scheme}`);
      return deriveAddress(scheme, key, index);
    },
  };
}

const DEMO_FILE = 'deposit-xpubs.json';

/**
 * The account xpubs to derive from: the configured ones, and in demo mode, for a scheme
 * with none, one this deployment made at its first start from a random seed it then
 * dropped: no private key exists anywhere, so nothing sent to a demo address on a real
 * chain could ever be spent. Kept in `<DATA_DIR>/deposit-xpubs.json` so addresses stay the
 * same across restarts.
 */
export function accountXpubs(
  config: DepositConfig,
  demoMode: boolean,
  dataDir: string,
  log: (message: string) => void,
): Partial<Record<DerivationScheme, string>> {
  const configured = { bip84: config.xpubs.bip84, evm: config.xpubs.evm };
  if (!demoMode || (configured.bip84 && configured.evm)) return configured;
  const file = path.join(dataDir, DEMO_FILE);
  let demo: { bip84: string; evm: string };
  if (fs.existsSync(file)) {
    demo = JSON.parse(fs.readFileSync(file, 'utf8')) as { bip84: string; evm: string };
  } else {
    const seed = randomBytes(64);
    const root = HDKey.fromMasterSeed(seed);
    demo = {
      bip84: root.derive("m/84'/0'/0'").publicExtendedKey,
      evm: root.derive("m/44'/60'/0'").publicExtendedKey,
    };
    seed.fill(0);
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
    log(
      `deposits: demo mode made its own deposit xpubs (${file}) from a random seed it did not keep: ` +
        'no private key exists, so coins sent to these addresses on a real chain are lost. ' +
        'Set DEPOSIT_XPUB_BTC and DEPOSIT_XPUB_EVM for real deposits.',
    );
  }
  return { bip84: configured.bip84 ?? demo.bip84, evm: configured.evm ?? demo.evm };
}
