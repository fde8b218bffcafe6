import { poolAccount, systemAccount, userAccount } from '../../ledger/accounts.ts';
import type { PostingReference } from '../../ledger/ledger.ts';
import type { IndexCommand, SecondsOpenCommand } from '../../matching/commands.ts';
import type { EngineEvent, RejectReason } from '../../matching/events.ts';
import { SECURITY_FUND_DIVISOR } from '../../matching/spot-settlement.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import type { OpenContract } from '../../seconds/book.ts';
import { settle, winAmount } from '../../seconds/outcome.ts';
import { defineCommand } from '../command-type.ts';

/** The second-contract pool: pays wins, takes losses. Its balance is public. */
export const SECONDS_POOL = 'seconds';
/** Stakes and charges of open contracts, until their settling tick. */
export const SECONDS_HELD_POOL = 'seconds_open';

const DIRECTIONS = { u: 'up', d: 'down' } as const;

/**
 * Opens a second contract (tag K). The stake and charge move from the user's available
 * spot balance into the held pool; the open price is the market's last index tick. It
 * is refused, with nothing moved, when the pool could not pay its win on top of what it
 * already owes the open contracts: a contract is never settled otherwise than its rule.
 */
export const secondsOpenCommand = defineCommand<SecondsOpenCommand>({
  type: 'seconds-open',
  tag: 'K',
  version: 1,
  encode(c, out) {
    out.text(c.user);
    out.text(c.market);
    out.text(c.direction === 'up' ? 'u' : 'd');
    out.amount(c.stake);
    out.amount(c.charge);
    out.int(c.profitBps);
    out.int(c.lossBps);
    out.int(c.period);
    out.text(c.clientRef ?? '');
  },
  decode(f, _version, { seq, ts }) {
    if (f.length !== 9 || (f[2] !== 'u' && f[2] !== 'd')) return undefined;
    const cmd: SecondsOpenCommand = {
      type: 'seconds-open',
      seq,
      ts,
      user: f[0]!,
      market: f[1]!,
      direction: DIRECTIONS[f[2]],
      stake: BigInt(f[3]!),
      charge: BigInt(f[4]!),
      profitBps: Number(f[5]),
      lossBps: Number(f[6]),
      period: Number(f[7]),
    };
    if (f[8]) cmd.clientRef = f[8];
    return cmd;
  },
  apply(engine, cmd, events) {
    const refused = check(engine, cmd);
    if (refused) {
      events.push({ type: 'rejected', reason: refused });
      return;
    }
    const market = engine.market(cmd.market)!;
    const asset = market.market.spec.quote.code;
    const tick = engine.seconds.ticks.get(cmd.market)!;
    const contract: OpenContract = {
      id: cmd.seq,
      user: cmd.user,
      market: cmd.market,
      asset,
      direction: cmd.direction,
      stake: cmd.stake,
      charge: cmd.charge,
      profitBps: cmd.profitBps,
      lossBps: cmd.lossBps,
      period: cmd.period,
      openedAt: cmd.ts,
      expiry: cmd.ts + cmd.period * 1000,
      openPrice: market.indexPrice,
      openTickSeq: tick.seq,
      openTickTs: tick.ts,
      ...(cmd.clientRef ? { clientRef: cmd.clientRef } : {}),
    };
    const ledger = engine.ledger;
    ledger.post(
      userAccount(cmd.user, asset, 'available'),
      poolAccount(SECONDS_HELD_POOL, asset),
      cmd.stake + cmd.charge,
      'product',
      { refKind: 'product_position', refId: cmd.seq, ts: cmd.ts },
    );
    engine.seconds.add(contract, winAmount(contract));
    events.push({ type: 'seconds_opened', contract });
  },
});

/** Every refusal is decided before a posting, so a refused open changes nothing. */
function check(engine: TradingEngine, cmd: SecondsOpenCommand): RejectReason | undefined {
  const market = engine.market(cmd.market);
  if (!market) return 'unknown_market';
  if (market.paused) return 'market_paused';
  const asset = market.market.spec.quote;
  const valid =
    cmd.stake > 0n &&
    cmd.charge >= 0n &&
    cmd.stake + cmd.charge <= asset.maxAmount &&
    // A profit rate up to 100 x the stake (what a published rate can say), a loss rate up
    // to the whole stake.
    Number.isSafeInteger(cmd.profitBps) &&
    cmd.profitBps >= 0 &&
    cmd.profitBps < 1_000_000 &&
    Number.isSafeInteger(cmd.lossBps) &&
    cmd.lossBps >= 0 &&
    cmd.lossBps <= 10_000 &&
    Number.isSafeInteger(cmd.period) &&
    cmd.period > 0;
  if (!valid) return 'invalid_amount';
  if (market.indexPrice <= 0n || !engine.seconds.ticks.has(cmd.market)) return 'no_index';
  const available = engine.ledger.balance(userAccount(cmd.user, asset.code, 'available'));
  if (available < cmd.stake + cmd.charge) return 'insufficient_balance';
  const pool = engine.ledger.balance(poolAccount(SECONDS_POOL, asset.code));
  if (pool - engine.seconds.committedOf(asset.code) < winAmount(cmd)) return 'pool_insufficient';
  return undefined;
}

/**
 * Part of every index command: records each market's tick and settles, on it, every
 * contract of that market whose expiry it reached, earliest expiry first. The tick is
 * journalled, so replay settles the same contracts on the same prices, once.
 */
export function settleDue(engine: TradingEngine, cmd: IndexCommand, events: EngineEvent[]): void {
  const book = engine.seconds;
  for (const [market, closePrice] of cmd.prices) {
    book.ticks.set(market, { seq: cmd.seq, ts: cmd.ts });
    for (;;) {
      const contract = book.takeDue(market, cmd.ts, winAmount);
      if (!contract) break;
      const result = settle(contract.direction, contract.openPrice, closePrice, contract);
      post(engine, contract, result.payout, cmd);
      events.push({
        type: 'seconds_settled',
        contract,
        outcome: result.outcome,
        payout: result.payout,
        pnl: result.pnl,
        closePrice,
        closeTickSeq: cmd.seq,
        closeTs: cmd.ts,
      });
    }
  }
}

function post(engine: TradingEngine, c: OpenContract, payout: bigint, tick: IndexCommand): void {
  const ledger = engine.ledger;
  const held = ledger.account(poolAccount(SECONDS_HELD_POOL, c.asset));
  const pool = ledger.account(poolAccount(SECONDS_POOL, c.asset));
  const user = ledger.account(userAccount(c.user, c.asset, 'available'));
  const ref: PostingReference = { refKind: 'product_position', refId: c.id, ts: tick.ts };
  // The stake comes back from the held pool; a win's profit comes from the pool, a loss
  // goes to it.
  const fromStake = payout < c.stake ? payout : c.stake;
  if (fromStake > 0n) ledger.move(held, user, fromStake, 'product', ref);
  if (payout > c.stake) ledger.move(pool, user, payout - c.stake, 'product', ref);
  if (payout < c.stake) ledger.move(held, pool, c.stake - payout, 'product', ref);
  const fund = c.charge / SECURITY_FUND_DIVISOR;
  if (fund > 0n) {
    ledger.move(
      held,
      ledger.account(systemAccount('security_fund', c.asset)),
      fund,
      'security_fund',
      ref,
    );
  }
  if (c.charge - fund > 0n) {
    ledger.move(
      held,
      ledger.account(systemAccount('fee_revenue', c.asset)),
      c.charge - fund,
      'fee',
      ref,
    );
  }
}
