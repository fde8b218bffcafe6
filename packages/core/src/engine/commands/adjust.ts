import { balanceRule, parseAccount, type AccountRef } from '../../ledger/accounts.ts';
import type { AdjustCommand } from '../../matching/commands.ts';
import type { RejectReason } from '../../matching/events.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import { defineCommand } from '../command-type.ts';

/**
 * Moves money between two accounts on an operator's word, once per reference: funding a
 * market-making account from operator capital, taking a retired one's money back.
 */
export const adjustCommand = defineCommand<AdjustCommand>({
  type: 'adjust',
  tag: 'J',
  version: 1,
  encode(c, out) {
    out.text(c.from);
    out.text(c.to);
    out.amount(c.amount);
    out.text(c.ref);
  },
  decode: (f, _version, { seq, ts }) =>
    f.length === 4
      ? { type: 'adjust', seq, ts, from: f[0]!, to: f[1]!, amount: BigInt(f[2]!), ref: f[3]! }
      : undefined,
  apply(engine, cmd, events) {
    const refused = check(engine, cmd);
    if (refused) {
      events.push({ type: 'rejected', reason: refused });
      return;
    }
    engine.adjustmentRefs.add(cmd.ref);
    const from = engine.ledger.account(cmd.from);
    engine.ledger.move(from, engine.ledger.account(cmd.to), cmd.amount, 'adjustment', {
      refKind: 'adjustment',
      refId: cmd.ref,
      ts: cmd.ts,
    });
    events.push({
      type: 'adjusted',
      from: cmd.from,
      to: cmd.to,
      asset: from.asset,
      amount: cmd.amount,
      ref: cmd.ref,
    });
  },
});

/** Every refusal is decided before the posting, so a refused adjustment changes nothing. */
function check(engine: TradingEngine, cmd: AdjustCommand): RejectReason | undefined {
  const from = readAccount(cmd.from);
  const to = readAccount(cmd.to);
  if (!from || !to || cmd.from === cmd.to || from.asset !== to.asset) return 'invalid_account';
  if (isHeld(from) || isHeld(to)) return 'invalid_account';
  const asset = engine.asset(from.asset);
  if (!asset) return 'unknown_asset';
  if (cmd.amount <= 0n || cmd.amount > asset.maxAmount) return 'invalid_amount';
  if (engine.adjustmentRefs.has(cmd.ref)) return 'duplicate_reference';
  const ledger = engine.ledger;
  // A market-making account's open quotes may reserve part of it in the engine (maker-holds).
  const reserved = ledger.account(cmd.from).reserved;
  if (balanceRule(cmd.from) === 'floor' && ledger.balance(cmd.from) - reserved < cmd.amount) {
    return 'insufficient_balance';
  }
  if (balanceRule(cmd.to) === 'ceiling' && ledger.balance(cmd.to) + cmd.amount > 0n) {
    return 'invalid_amount';
  }
  return undefined;
}

function readAccount(key: string): AccountRef | undefined {
  try {
    return parseAccount(key);
  } catch {
    return undefined;
  }
}

function isHeld(ref: AccountRef): boolean {
  return (ref.kind === 'user' || ref.kind === 'market_making') && ref.part === 'held';
}
