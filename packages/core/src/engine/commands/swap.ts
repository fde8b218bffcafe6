import {
  isMarketMakingOwner,
  poolAccount,
  systemAccount,
  userAccount,
} from '../../ledger/accounts.ts';
import type { SwapCommand } from '../../matching/commands.ts';
import type { RejectReason } from '../../matching/events.ts';
import { SECURITY_FUND_DIVISOR } from '../../matching/spot-settlement.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import { defineCommand } from '../command-type.ts';

/** The product whose pools (`p:swap:<coin>`) take what users give and pay what they get. */
export const SWAP_POOL = 'swap';

/**
 * A user's instant swap, once per reference (its quote): the amount given leaves the
 * user's available spot balance for the swap pool of that coin; the pool of the other coin
 * pays the user the gross amount; the fee goes from the user to revenue, a tenth of it to
 * the security fund as trading fees do. The quote's amounts travel in the command, so
 * replay never re-prices.
 */
export const swapCommand = defineCommand<SwapCommand>({
  type: 'swap',
  tag: 'E',
  version: 1,
  encode(c, out) {
    out.text(c.user);
    out.text(c.from);
    out.text(c.to);
    out.amount(c.amountIn);
    out.amount(c.gross);
    out.amount(c.fee);
    out.text(c.ref);
  },
  decode: (f, _version, { seq, ts }) =>
    f.length === 7
      ? {
          type: 'swap',
          seq,
          ts,
          user: f[0]!,
          from: f[1]!,
          to: f[2]!,
          amountIn: BigInt(f[3]!),
          gross: BigInt(f[4]!),
          fee: BigInt(f[5]!),
          ref: f[6]!,
        }
      : undefined,
  apply(engine, cmd, events) {
    const refused = check(engine, cmd);
    if (refused) {
      events.push({ type: 'rejected', reason: refused });
      return;
    }
    engine.swapRefs.add(cmd.ref);
    const ledger = engine.ledger;
    const ref = { refKind: 'swap' as const, refId: cmd.ref, ts: cmd.ts };
    ledger.move(
      ledger.account(userAccount(cmd.user, cmd.from, 'available')),
      ledger.account(poolAccount(SWAP_POOL, cmd.from)),
      cmd.amountIn,
      'swap',
      ref,
    );
    const user = ledger.account(userAccount(cmd.user, cmd.to, 'available'));
    ledger.move(ledger.account(poolAccount(SWAP_POOL, cmd.to)), user, cmd.gross, 'swap', ref);
    const fund = cmd.fee / SECURITY_FUND_DIVISOR;
    if (fund > 0n) {
      ledger.move(
        user,
        ledger.account(systemAccount('security_fund', cmd.to)),
        fund,
        'security_fund',
        ref,
      );
    }
    if (cmd.fee - fund > 0n) {
      ledger.move(
        user,
        ledger.account(systemAccount('fee_revenue', cmd.to)),
        cmd.fee - fund,
        'fee',
        ref,
      );
    }
    events.push({
      type: 'swapped',
      user: cmd.user,
      from: cmd.from,
      to: cmd.to,
      amountIn: cmd.amountIn,
      gross: cmd.gross,
      fee: cmd.fee,
      ref: cmd.ref,
    });
  },
});

/**
 * Every refusal is decided before a posting, so a refused swap changes nothing. A pool
 * that cannot pay is `no_liquidity`: the swap is refused up front, never paid in part.
 */
function check(engine: TradingEngine, cmd: SwapCommand): RejectReason | undefined {
  const from = engine.asset(cmd.from);
  const to = engine.asset(cmd.to);
  if (!from || !to) return 'unknown_asset';
  if (cmd.from === cmd.to || isMarketMakingOwner(cmd.user)) return 'invalid_account';
  if (
    cmd.amountIn <= 0n ||
    cmd.amountIn > from.maxAmount ||
    cmd.gross <= 0n ||
    cmd.gross > to.maxAmount ||
    cmd.fee < 0n ||
    cmd.fee >= cmd.gross
  ) {
    return 'invalid_amount';
  }
  if (engine.swapRefs.has(cmd.ref)) return 'duplicate_reference';
  if (engine.ledger.available(cmd.user, cmd.from) < cmd.amountIn) return 'insufficient_balance';
  if (engine.ledger.balance(poolAccount(SWAP_POOL, cmd.to)) < cmd.gross) return 'no_liquidity';
  return undefined;
}
