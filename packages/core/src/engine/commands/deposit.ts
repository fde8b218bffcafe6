import { isMarketMakingOwner, systemAccount, userAccount } from '../../ledger/accounts.ts';
import type { DepositCommand, DepositSource } from '../../matching/commands.ts';
import { defineCommand } from '../command-type.ts';

const SOURCES: readonly DepositSource[] = ['custody', 'bank_receipts', 'platform_float'];

/**
 * Credits a user, once per reference, from the system account mirroring where the money
 * came from: custody for a chain, bank receipts for a bank transfer, the float for demo
 * seeding. Version 1 records had no source and were all float credits.
 */
export const depositCommand = defineCommand<DepositCommand>({
  type: 'deposit',
  tag: 'D',
  version: 2,
  encode(c, out) {
    out.text(c.user);
    out.text(c.asset);
    out.amount(c.amount);
    out.text(c.ref);
    out.text(c.source);
  },
  decode(f, version, { seq, ts }) {
    if (f.length !== (version === 1 ? 4 : 5)) return undefined;
    const source = version === 1 ? 'platform_float' : (f[4] as DepositSource);
    if (!SOURCES.includes(source)) return undefined;
    return {
      type: 'deposit',
      seq,
      ts,
      user: f[0]!,
      asset: f[1]!,
      amount: BigInt(f[2]!),
      ref: f[3]!,
      source,
    };
  },
  apply(engine, cmd, events) {
    const asset = engine.asset(cmd.asset);
    if (!asset) {
      events.push({ type: 'rejected', reason: 'unknown_asset' });
      return;
    }
    if (isMarketMakingOwner(cmd.user)) {
      // Market making runs on operator capital (an adjustment), never on users' float.
      events.push({ type: 'rejected', reason: 'invalid_account' });
      return;
    }
    if (cmd.amount <= 0n || cmd.amount > asset.maxAmount) {
      events.push({ type: 'rejected', reason: 'invalid_amount' });
      return;
    }
    if (engine.depositRefs.has(cmd.ref)) {
      // The journal, not a marker written after it, guarantees a deposit lands once.
      events.push({ type: 'rejected', reason: 'duplicate_deposit' });
      return;
    }
    engine.depositRefs.add(cmd.ref);
    engine.ledger.post(
      systemAccount(cmd.source, asset.code),
      userAccount(cmd.user, asset.code, 'available'),
      cmd.amount,
      'deposit',
      { refKind: 'deposit', refId: cmd.ref, ts: cmd.ts },
    );
    events.push({
      type: 'deposited',
      user: cmd.user,
      asset: asset.code,
      amount: cmd.amount,
      ref: cmd.ref,
    });
  },
});
