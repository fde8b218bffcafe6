import { systemAccount } from '../ledger/accounts.ts';
import type { Account, Ledger, PostingReference } from '../ledger/ledger.ts';
import { heldBy, holdingOf, type LiveOrder } from './live-order.ts';
import type { Market } from './market.ts';

/**
 * The asset security fund receives 1/SECURITY_FUND_DIVISOR of every fee, rounded down to
 * the asset's minor unit (PRODUCT section 2.4); the rest is fee revenue.
 */
export const SECURITY_FUND_DIVISOR = 10n;

interface FeeAccounts {
  fund: Account;
  revenue: Account;
}

/**
 * The settlement stage of a spot market: turns a match into ledger postings (both legs,
 * the buyer's price improvement, both fees split between the security fund and revenue)
 * and gives back what an ended order still holds.
 */
export class SpotSettlement {
  private readonly baseFees: FeeAccounts;
  private readonly quoteFees: FeeAccounts;
  /**
   * Each side's fee of the last fill, in the asset that side received: fields rather than
   * a returned object, as a fill is the engine's hottest path.
   */
  buyerFee = 0n;
  sellerFee = 0n;

  constructor(
    private readonly market: Market,
    private readonly ledger: Ledger,
  ) {
    const fees = (asset: string): FeeAccounts => ({
      fund: ledger.account(systemAccount('security_fund', asset)),
      revenue: ledger.account(systemAccount('fee_revenue', asset)),
    });
    this.baseFees = fees(market.spec.base.code);
    this.quoteFees = fees(market.spec.quote.code);
  }

  /**
   * Settles `lots` at `price` between two orders. What each still holds follows from its
   * remaining size once the caller lowers it (`heldBy`).
   */
  fill(
    buyer: LiveOrder,
    seller: LiveOrder,
    takerIsBuyer: boolean,
    price: number,
    lots: number,
    ref: PostingReference,
  ): void {
    const m = this.market;
    const ledger = this.ledger;
    const base = m.baseAmount(lots);
    const value = m.notional(price, lots);

    ledger.settle(seller.wallet.base, buyer.wallet.base.available, base, 'trade', ref);
    ledger.settle(buyer.wallet.quote, seller.wallet.quote.available, value, 'trade', ref);
    if (buyer.lots === 0) buyer.quote -= value;
    else if (buyer.price !== price) {
      // A buy reserved its own limit and filled better: the difference goes back.
      ledger.release(buyer.wallet.quote, m.notional(buyer.price - price, lots), ref);
    }

    // Between two market-making accounts (the operator's own), no fee when so switched.
    const free =
      ledger.makerTradesFeeFree &&
      buyer.wallet.quote.available.marketMaking &&
      seller.wallet.base.available.marketMaking;
    const buyerFee = free ? 0n : (base * (takerIsBuyer ? m.takerFee : m.makerFee)) / 10_000n;
    const sellerFee = free ? 0n : (value * (takerIsBuyer ? m.makerFee : m.takerFee)) / 10_000n;
    this.chargeFee(buyer.wallet.base.available, this.baseFees, buyerFee, ref);
    this.chargeFee(seller.wallet.quote.available, this.quoteFees, sellerFee, ref);
    this.buyerFee = buyerFee;
    this.sellerFee = sellerFee;
  }

  /** Gives back everything an ending order still holds. */
  release(order: LiveOrder, ref: PostingReference): void {
    this.ledger.release(holdingOf(order), heldBy(this.market, order), ref);
  }

  /** A fee splits on settlement: a tenth to the asset security fund, the rest revenue. */
  private chargeFee(from: Account, to: FeeAccounts, fee: bigint, ref: PostingReference): void {
    if (fee === 0n) return;
    const fund = fee / SECURITY_FUND_DIVISOR;
    if (fund > 0n) this.ledger.move(from, to.fund, fund, 'security_fund', ref);
    this.ledger.move(from, to.revenue, fee - fund, 'fee', ref);
  }
}
