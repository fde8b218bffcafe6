/**
 * The engine's earn positions: what each one is owed and how many of its days are paid.
 * The engine is the one writer, so "day k of position p pays once" is the rule
 * `k === paid + 1` applied in sequence; a repeat (a restart resending, a second runner)
 * finds the day already paid and moves nothing. Closed positions stay, so nothing can
 * reopen or pay them again.
 */
export interface EarnPosition {
  /** The server's position id. */
  id: string;
  /** The product's pool name (its funding and principal accounts derive from it). */
  product: string;
  user: string;
  asset: string;
  principal: bigint;
  daily: bigint;
  days: number;
  paid: number;
  closed: boolean;
}

/** A position as a snapshot writes it: amounts as integer text. */
export type SnapshotEarnPosition = [
  id: string,
  product: string,
  user: string,
  asset: string,
  principal: string,
  daily: string,
  days: number,
  paid: number,
  closed: 0 | 1,
];

export class EarnBook {
  readonly positions = new Map<string, EarnPosition>();
  /** Income still owed to open positions, per product pool: funding must cover it. */
  private readonly owed = new Map<string, bigint>();
  /** The products that ever held principal in each coin, in id order. */
  private readonly products = new Map<string, string[]>();

  constructor(saved?: readonly SnapshotEarnPosition[]) {
    for (const [id, product, user, asset, principal, daily, days, paid, closed] of saved ?? []) {
      this.add({
        id,
        product,
        user,
        asset,
        principal: BigInt(principal),
        daily: BigInt(daily),
        days,
        paid,
        closed: closed === 1,
      });
    }
  }

  add(position: EarnPosition): void {
    this.positions.set(position.id, position);
    const products = this.products.get(position.asset) ?? [];
    if (!products.includes(position.product)) {
      products.push(position.product);
      products.sort();
      this.products.set(position.asset, products);
    }
    if (!position.closed) {
      this.shift(position.product, position.daily * BigInt(position.days - position.paid));
    }
  }

  /** The products whose savings in `asset` may lend to margin borrowers, in id order. */
  productsOf(asset: string): readonly string[] {
    return this.products.get(asset) ?? [];
  }

  /** Income promised and not yet paid, across the product's open positions. */
  owedBy(product: string): bigint {
    return this.owed.get(product) ?? 0n;
  }

  /** Day paid: one day less owed. */
  paidDay(position: EarnPosition): void {
    position.paid += 1;
    this.shift(position.product, -position.daily);
  }

  /** Closed (matured or redeemed): its unpaid days are no longer owed. */
  close(position: EarnPosition): void {
    this.shift(position.product, -position.daily * BigInt(position.days - position.paid));
    position.closed = true;
  }

  private shift(product: string, by: bigint): void {
    const next = (this.owed.get(product) ?? 0n) + by;
    if (next === 0n) this.owed.delete(product);
    else this.owed.set(product, next);
  }

  snapshot(): SnapshotEarnPosition[] {
    return [...this.positions.values()]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p) => [
        p.id,
        p.product,
        p.user,
        p.asset,
        p.principal.toString(),
        p.daily.toString(),
        p.days,
        p.paid,
        p.closed ? 1 : 0,
      ]);
  }
}

/** The pool that funds a product's income (operators fund it; penalties go to it). */
export const earnFundingPool = (product: string) => `earn.${product}`;
/** The pool that holds a product's subscribed principals until maturity or redemption. */
export const earnPrincipalPool = (product: string) => `earn.${product}.principal`;
/** What a product's principals lend to the margin lending pool, until borrowers repay. */
export const earnLentPool = (product: string) => `earn.${product}.lent`;
