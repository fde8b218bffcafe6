import type { DerivationScheme } from './derivation.ts';

/** A chain a coin can be deposited on. */
export interface DepositNetwork {
  /** What the user picks and the records carry: `BTC`, `ERC20`, `BEP20`. */
  code: string;
  name: string;
  scheme: DerivationScheme;
}

export const NETWORKS: Record<string, DepositNetwork> = {
  BTC: { code: 'BTC', name: 'Bitcoin', scheme: 'bip84' },
  ERC20: { code: 'ERC20', name: 'Ethereum (ERC-20)', scheme: 'evm' },
  BEP20: { code: 'BEP20', name: 'BNB Smart Chain (BEP-20)', scheme: 'evm' },
};

/**
 * Where each coin can arrive, with the defaults of its published rules: the confirmations
 * a deposit waits for (DEPOSIT_CONFIRMATIONS replaces them per coin) and the smallest
 * amount credited (a smaller one is recorded and not credited, as exchanges publish).
 * A coin that is not here takes no on-chain deposits, whatever its catalogue switch says.
 */
export const COIN_NETWORKS: Record<
  string,
  { networks: string[]; confirmations: number; minimum: string }
> = {
  BTC: { networks: ['BTC'], confirmations: 2, minimum: '0.0001' },
  ETH: { networks: ['ERC20'], confirmations: 12, minimum: '0.001' },
  USDT: { networks: ['ERC20'], confirmations: 12, minimum: '1' },
  BNB: { networks: ['BEP20'], confirmations: 15, minimum: '0.01' },
};
