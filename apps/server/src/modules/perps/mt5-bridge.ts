import { AppError } from '../../kernel/errors.ts';

/**
 * An external MetaTrader 5 bridge (PRODUCT.md section 3): what a deployment plugs in to
 * show a user's balance there. None ships with the platform; a bridge is a deployment's
 * own adapter, passed to the perps module.
 */
export interface Mt5Bridge {
  /** The user's balance of `coin` at the bridge, as a decimal string. */
  balance(userId: string, coin: string): Promise<string>;
}

/** The MT5 balance call: the bridge's answer, or "not configured" when there is none. */
export function mt5Balance(bridge: Mt5Bridge | null) {
  return async (userId: string, coin: string) => {
    if (!bridge) throw new AppError('failure', 'mt5NotConfigured');
    const code = coin.toUpperCase();
    return { coin: code, amount: await bridge.balance(userId, code) };
  };
}
