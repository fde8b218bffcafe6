import { checkAssetListing } from '../../catalogue/listing.ts';
import type { ListAssetCommand } from '../../matching/commands.ts';
import { defineCommand } from '../command-type.ts';
import { isInteger } from './fields.ts';

/** Lists an asset once per code; the snapshot keeps it, so replay restores it. */
export const listAssetCommand = defineCommand<ListAssetCommand>({
  type: 'list-asset',
  tag: 'A',
  version: 1,
  encode(c, out) {
    out.text(c.asset);
    out.int(c.decimals);
    out.amount(c.maxAmount);
  },
  decode: (f, _version, { seq, ts }) =>
    f.length === 3 && isInteger(f[1]!) && isInteger(f[2]!)
      ? {
          type: 'list-asset',
          seq,
          ts,
          asset: f[0]!,
          decimals: Number(f[1]),
          maxAmount: BigInt(f[2]!),
        }
      : undefined,
  apply(engine, cmd, events) {
    if (engine.asset(cmd.asset)) {
      events.push({ type: 'rejected', reason: 'already_listed' });
      return;
    }
    if (checkAssetListing(cmd.asset, cmd.decimals) || cmd.maxAmount <= 0n) {
      events.push({ type: 'rejected', reason: 'invalid_listing' });
      return;
    }
    engine.listAsset({ code: cmd.asset, decimals: cmd.decimals, maxAmount: cmd.maxAmount });
    events.push({ type: 'asset_listed', asset: cmd.asset, decimals: cmd.decimals });
  },
});
