import { isMarketMakingOwner, WALLETS, userAccount } from '../../ledger/accounts.ts';
import type { TransferCommand, TransferWallet } from '../../matching/commands.ts';
import type { RejectReason } from '../../matching/events.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import { defineCommand } from '../command-type.ts';

/** The wallets a user may move money between, by their seed codes ('1', '2', '3'). */
export const TRANSFER_WALLETS: readonly TransferWallet[] = ['spot', 'contract', 'finance'];

const walletOfCode = (code: string | undefined): TransferWallet | undefined =>
  TRANSFER_WALLETS.find((w) => WALLETS[w] === code);

/**
 * A user's move of one coin between two of their own wallets: from the source wallet's
 * available part to the destination's available part (never a held part: holds belong to
 * orders), once per reference. Refused whole, changing nothing, when the source's
 * available part does not cover it. The journal carries the wallets by their seed codes.
 */
export const transferCommand = defineCommand<TransferCommand>({
  type: 'transfer',
  tag: 'T',
  version: 1,
  encode(c, out) {
    out.text(c.user);
    out.text(c.asset);
    out.text(WALLETS[c.from]);
    out.text(WALLETS[c.to]);
    out.amount(c.amount);
    out.text(c.ref);
  },
  decode(f, _version, { seq, ts }) {
    const from = walletOfCode(f[2]);
    const to = walletOfCode(f[3]);
    if (f.length !== 6 || !from || !to) return undefined;
    return {
      type: 'transfer',
      seq,
      ts,
      user: f[0]!,
      asset: f[1]!,
      from,
      to,
      amount: BigInt(f[4]!),
      ref: f[5]!,
    };
  },
  apply(engine, cmd, events) {
    const refused = check(engine, cmd);
    if (refused) {
      events.push({ type: 'rejected', reason: refused });
      return;
    }
    engine.transferRefs.add(cmd.ref);
    engine.ledger.post(
      userAccount(cmd.user, cmd.asset, 'available', cmd.from),
      userAccount(cmd.user, cmd.asset, 'available', cmd.to),
      cmd.amount,
      'transfer',
      { refKind: 'transfer', refId: cmd.ref, ts: cmd.ts },
    );
    events.push({
      type: 'transferred',
      user: cmd.user,
      asset: cmd.asset,
      from: cmd.from,
      to: cmd.to,
      amount: cmd.amount,
      ref: cmd.ref,
    });
  },
});

/** Every refusal is decided before the posting, so a refused transfer changes nothing. */
function check(engine: TradingEngine, cmd: TransferCommand): RejectReason | undefined {
  const asset = engine.asset(cmd.asset);
  if (!asset) return 'unknown_asset';
  // Market making runs in its own class of account, which has one wallet.
  if (isMarketMakingOwner(cmd.user)) return 'invalid_account';
  if (
    cmd.from === cmd.to ||
    !TRANSFER_WALLETS.includes(cmd.from) ||
    !TRANSFER_WALLETS.includes(cmd.to)
  ) {
    return 'invalid_account';
  }
  if (cmd.amount <= 0n || cmd.amount > asset.maxAmount) return 'invalid_amount';
  if (engine.transferRefs.has(cmd.ref)) return 'duplicate_reference';
  if (engine.ledger.available(cmd.user, cmd.asset, cmd.from) < cmd.amount) {
    return 'insufficient_balance';
  }
  return undefined;
}
