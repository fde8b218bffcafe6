import type { CancelCommand } from '../../matching/commands.ts';
import { defineCommand } from '../command-type.ts';

export const cancelCommand = defineCommand<CancelCommand>({
  type: 'cancel',
  tag: 'C',
  version: 1,
  encode(c, out) {
    out.text(c.user);
    out.text(c.market);
    out.int(c.orderId);
  },
  decode: (f, _version, { seq, ts }) =>
    f.length === 3
      ? { type: 'cancel', seq, ts, user: f[0]!, market: f[1]!, orderId: Number(f[2]) }
      : undefined,
  apply(engine, cmd, events) {
    const market = engine.market(cmd.market);
    if (!market) events.push({ type: 'rejected', reason: 'unknown_market' });
    else market.cancel(cmd, events);
  },
});
