import { poolAccount, userAccount } from '../../ledger/accounts.ts';
import type { PostingReference } from '../../ledger/ledger.ts';
import type { EarnCommand } from '../../matching/commands.ts';
import type { EngineEvent, RejectReason } from '../../matching/events.ts';
import type { TradingEngine } from '../../matching/trading-engine.ts';
import { earnFundingPool, earnPrincipalPool, type EarnPosition } from '../../earn/book.ts';
import { defineCommand } from '../command-type.ts';

type Open = Extract<EarnCommand, { op: 'open' }>;
type Accrue = Extract<EarnCommand, { op: 'accrue' }>;
type Close = Extract<EarnCommand, { op: 'close' }>;

/**
 * Earn products (tag N): a subscription, a batch of daily accruals, or a position's
 * close. Records: `N open position product user asset principal daily days`,
 * `N accrue (position day)*`, `N close position penalty early`.
 */
export const earnCommand = defineCommand<EarnCommand>({
  type: 'earn',
  tag: 'N',
  version: 1,
  encode(c, out) {
    out.text(c.op);
    if (c.op === 'open') {
      out.text(c.position);
      out.text(c.product);
      out.text(c.user);
      out.text(c.asset);
      out.amount(c.principal);
      out.amount(c.daily);
      out.int(c.days);
    } else if (c.op === 'accrue') {
      for (const [position, day] of c.due) {
        out.text(position);
        out.int(day);
      }
    } else {
      out.text(c.position);
      out.amount(c.penalty);
      out.text(c.early ? '1' : '0');
    }
  },
  decode(f, _version, { seq, ts }): EarnCommand | undefined {
    const [op, ...rest] = f;
    if (op === 'open' && rest.length === 7) {
      return {
        type: 'earn',
        op,
        seq,
        ts,
        position: rest[0]!,
        product: rest[1]!,
        user: rest[2]!,
        asset: rest[3]!,
        principal: BigInt(rest[4]!),
        daily: BigInt(rest[5]!),
        days: Number(rest[6]),
      };
    }
    if (op === 'accrue' && rest.length % 2 === 0) {
      const due: Array<[string, number]> = [];
      for (let i = 0; i < rest.length; i += 2) due.push([rest[i]!, Number(rest[i + 1])]);
      return { type: 'earn', op, seq, ts, due };
    }
    if (op === 'close' && rest.length === 3 && (rest[2] === '0' || rest[2] === '1')) {
      return {
        type: 'earn',
        op,
        seq,
        ts,
        position: rest[0]!,
        penalty: BigInt(rest[1]!),
        early: rest[2] === '1',
      };
    }
    return undefined;
  },
  apply(engine, cmd, events) {
    if (cmd.op === 'open') open(engine, cmd, events);
    else if (cmd.op === 'accrue') accrue(engine, cmd, events);
    else close(engine, cmd, events);
  },
});

const ref = (position: string, ts: number): PostingReference => ({
  refKind: 'product_position',
  refId: position,
  ts,
});

/**
 * Every refusal is decided before the posting. A product whose funding pool, less the
 * income its open positions are still owed, cannot pay this one's whole cycle refuses it:
 * a position is never paid less than promised.
 */
function checkOpen(engine: TradingEngine, cmd: Open): RejectReason | undefined {
  const asset = engine.asset(cmd.asset);
  if (!asset) return 'unknown_asset';
  if (engine.earn.positions.has(cmd.position)) return 'duplicate_reference';
  if (
    cmd.principal <= 0n ||
    cmd.principal > asset.maxAmount ||
    cmd.daily < 0n ||
    !Number.isSafeInteger(cmd.days) ||
    cmd.days < 1 ||
    cmd.days > 36_500
  ) {
    return 'invalid_amount';
  }
  if (engine.ledger.available(cmd.user, cmd.asset, 'finance') < cmd.principal) {
    return 'insufficient_balance';
  }
  const funding = engine.ledger.balance(poolAccount(earnFundingPool(cmd.product), cmd.asset));
  if (funding - engine.earn.owedBy(cmd.product) < cmd.daily * BigInt(cmd.days)) {
    return 'pool_insufficient';
  }
  return undefined;
}

function open(engine: TradingEngine, cmd: Open, events: EngineEvent[]): void {
  const refused = checkOpen(engine, cmd);
  if (refused) {
    events.push({ type: 'rejected', reason: refused });
    return;
  }
  engine.ledger.post(
    userAccount(cmd.user, cmd.asset, 'available', 'finance'),
    poolAccount(earnPrincipalPool(cmd.product), cmd.asset),
    cmd.principal,
    'product',
    ref(cmd.position, cmd.ts),
  );
  engine.earn.add({
    id: cmd.position,
    product: cmd.product,
    user: cmd.user,
    asset: cmd.asset,
    principal: cmd.principal,
    daily: cmd.daily,
    days: cmd.days,
    paid: 0,
    closed: false,
  });
  events.push({
    type: 'earn_opened',
    position: cmd.position,
    product: cmd.product,
    user: cmd.user,
    asset: cmd.asset,
    principal: cmd.principal,
  });
}

/** Each listed day pays once, in order; one that cannot be paid now is skipped, not failed. */
function accrue(engine: TradingEngine, cmd: Accrue, events: EngineEvent[]): void {
  const paid: Extract<EngineEvent, { type: 'earn_accrued' }>['paid'] = [];
  const already: Array<[string, number]> = [];
  const skipped: Array<[string, number, 'order' | 'position' | 'funding']> = [];
  const ledger = engine.ledger;
  for (const [id, day] of cmd.due) {
    const p = engine.earn.positions.get(id);
    if (p && day >= 1 && day <= p.paid) {
      already.push([id, day]);
      continue;
    }
    if (!p || p.closed || day > p.days) {
      skipped.push([id, day, 'position']);
      continue;
    }
    if (day !== p.paid + 1) {
      skipped.push([id, day, 'order']);
      continue;
    }
    const funding = ledger.account(poolAccount(earnFundingPool(p.product), p.asset));
    if (funding.balance < p.daily) {
      skipped.push([id, day, 'funding']);
      continue;
    }
    if (p.daily > 0n) {
      ledger.move(
        funding,
        ledger.account(userAccount(p.user, p.asset, 'available', 'finance')),
        p.daily,
        'product',
        ref(id, cmd.ts),
      );
    }
    engine.earn.paidDay(p);
    paid.push({ position: id, user: p.user, asset: p.asset, day, amount: p.daily });
  }
  events.push({ type: 'earn_accrued', paid, already, skipped });
}

function checkClose(p: EarnPosition | undefined, cmd: Close): RejectReason | undefined {
  if (!p) return 'unknown_position';
  if (p.closed) return 'duplicate_reference';
  if (cmd.penalty < 0n || cmd.penalty > p.principal) return 'invalid_amount';
  // Maturity once every day is paid (no penalty); early redemption only before that.
  if (cmd.early ? p.paid >= p.days : p.paid < p.days || cmd.penalty !== 0n) return 'not_due';
  return undefined;
}

function close(engine: TradingEngine, cmd: Close, events: EngineEvent[]): void {
  const p = engine.earn.positions.get(cmd.position);
  const refused = checkClose(p, cmd);
  if (refused || !p) {
    events.push({ type: 'rejected', reason: refused ?? 'unknown_position' });
    return;
  }
  // Part of the product's principal may be lent to margin borrowers: it is called back
  // from the pool's idle capital, or the close waits until borrowers repay.
  if (engine.margin.savingsPayable(p.product, p.asset) < p.principal) {
    events.push({ type: 'rejected', reason: 'savings_lent' });
    return;
  }
  engine.margin.recallSavings(p.product, p.asset, p.principal, cmd.ts);
  const ledger = engine.ledger;
  const principal = ledger.account(poolAccount(earnPrincipalPool(p.product), p.asset));
  const returned = p.principal - cmd.penalty;
  const r = ref(p.id, cmd.ts);
  if (returned > 0n) {
    ledger.move(
      principal,
      ledger.account(userAccount(p.user, p.asset, 'available', 'finance')),
      returned,
      'product',
      r,
    );
  }
  if (cmd.penalty > 0n) {
    ledger.move(
      principal,
      ledger.account(poolAccount(earnFundingPool(p.product), p.asset)),
      cmd.penalty,
      'product',
      r,
    );
  }
  engine.earn.close(p);
  events.push({
    type: 'earn_closed',
    position: p.id,
    user: p.user,
    asset: p.asset,
    returned,
    penalty: cmd.penalty,
    early: cmd.early,
  });
}
