import {
  isMarketMakingOwner,
  poolAccount,
  systemAccount,
  userAccount,
} from '../../ledger/accounts.ts';
import type { WithdrawalCommand, WithdrawalSink, WithdrawalStep } from '../../matching/commands.ts';
import type { RejectReason } from '../../matching/events.ts';
import { SECURITY_FUND_DIVISOR } from '../../matching/spot-settlement.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import { defineCommand } from '../command-type.ts';

/** The pool that holds what users asked to withdraw until it is sent or given back. */
export const WITHDRAWALS_POOL = 'withdrawals';

const STEPS: readonly WithdrawalStep[] = ['hold', 'release', 'send'];
const SINKS: readonly WithdrawalSink[] = ['custody', 'bank_receipts'];

/**
 * A user's withdrawal, one step per command, each once per reference. The amount and fee
 * are held in the pending-withdrawals pool, never in the user's held part (held parts are
 * the open orders'): `hold` takes them from the user's available spot balance, `release`
 * gives them back, `send` pays the amount to its sink (custody: the coins left the
 * platform's wallets; bank receipts: the money left its bank account) and the fee to
 * revenue, a tenth of it to the security fund as trading fees do. Version 1 records had no
 * sink and all paid custody.
 */
export const withdrawalCommand = defineCommand<WithdrawalCommand>({
  type: 'withdrawal',
  tag: 'W',
  version: 2,
  encode(c, out) {
    out.text(c.step);
    out.text(c.user);
    out.text(c.asset);
    out.amount(c.amount);
    out.amount(c.fee);
    out.text(c.ref);
    out.text(c.sink);
  },
  decode(f, version, { seq, ts }) {
    if (f.length !== (version === 1 ? 6 : 7) || !STEPS.includes(f[0] as WithdrawalStep)) {
      return undefined;
    }
    const sink = version === 1 ? 'custody' : (f[6] as WithdrawalSink);
    if (!SINKS.includes(sink)) return undefined;
    return {
      type: 'withdrawal',
      seq,
      ts,
      step: f[0] as WithdrawalStep,
      user: f[1]!,
      asset: f[2]!,
      amount: BigInt(f[3]!),
      fee: BigInt(f[4]!),
      ref: f[5]!,
      sink,
    };
  },
  apply(engine, cmd, events) {
    const refused = check(engine, cmd);
    if (refused) {
      events.push({ type: 'rejected', reason: refused });
      return;
    }
    engine.withdrawalRefs.add(cmd.ref);
    const ledger = engine.ledger;
    const user = ledger.account(userAccount(cmd.user, cmd.asset, 'available'));
    const pool = ledger.account(poolAccount(WITHDRAWALS_POOL, cmd.asset));
    const total = cmd.amount + cmd.fee;
    const ref = { refKind: 'withdrawal' as const, refId: cmd.ref, ts: cmd.ts };
    if (cmd.step === 'hold') ledger.move(user, pool, total, 'withdrawal', ref);
    else if (cmd.step === 'release') ledger.move(pool, user, total, 'release', ref);
    else {
      ledger.move(
        pool,
        ledger.account(systemAccount(cmd.sink, cmd.asset)),
        cmd.amount,
        'withdrawal',
        ref,
      );
      const fund = cmd.fee / SECURITY_FUND_DIVISOR;
      if (fund > 0n) {
        ledger.move(
          pool,
          ledger.account(systemAccount('security_fund', cmd.asset)),
          fund,
          'security_fund',
          ref,
        );
      }
      if (cmd.fee - fund > 0n) {
        ledger.move(
          pool,
          ledger.account(systemAccount('fee_revenue', cmd.asset)),
          cmd.fee - fund,
          'fee',
          ref,
        );
      }
    }
    events.push({
      type: 'withdrawal',
      step: cmd.step,
      user: cmd.user,
      asset: cmd.asset,
      amount: cmd.amount,
      fee: cmd.fee,
      ref: cmd.ref,
    });
  },
});

/** Every refusal is decided before a posting, so a refused step changes nothing. */
function check(engine: TradingEngine, cmd: WithdrawalCommand): RejectReason | undefined {
  const asset = engine.asset(cmd.asset);
  if (!asset) return 'unknown_asset';
  if (isMarketMakingOwner(cmd.user)) return 'invalid_account';
  if (cmd.amount <= 0n || cmd.fee < 0n || cmd.amount + cmd.fee > asset.maxAmount) {
    return 'invalid_amount';
  }
  if (engine.withdrawalRefs.has(cmd.ref)) return 'duplicate_reference';
  const from =
    cmd.step === 'hold'
      ? userAccount(cmd.user, cmd.asset, 'available')
      : poolAccount(WITHDRAWALS_POOL, cmd.asset);
  if (engine.ledger.balance(from) < cmd.amount + cmd.fee) return 'insufficient_balance';
  return undefined;
}
