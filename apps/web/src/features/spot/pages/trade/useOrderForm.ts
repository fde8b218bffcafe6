import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currencyOrderSubmit } from '@meridian/contract/calls/spot';
import {
  amountDecimals,
  amountForPercent,
  Decimal,
  quantityForPercent,
  sanitizeNumberInput,
  summarise,
  type FieldError,
  type MarketMaths,
  type OrderKind,
  type Side as OrderSide,
} from '@meridian/core';
import { orderNotices, outcomeOf } from '../../data/order-notices.ts';
import { atDecimals } from '../../../markets/index.ts';
import { usePlatform } from '../../../../shared/platform/context.tsx';
import { keyForSubmission, randomKey, type Attempt } from '../../../../shared/api/idempotency.ts';

/** A price picked in the book or the trades; `seq` tells two picks of one price apart. */
export interface PickedPrice {
  price: string;
  seq: number;
}

export interface OrderFormMarket {
  symbol: string;
  maths: MarketMaths;
  lastPrice: string | null;
  /** Trading is paused on the market: it takes no new orders (cancels only). */
  paused?: boolean;
}

export interface OrderFormOptions {
  side: OrderSide;
  kind: OrderKind;
  market: OrderFormMarket;
  /** Available to spend: quote for a buy, base for a sell; null for a visitor or while loading. */
  available: string | null;
  picked?: PickedPrice | null;
  /** Trade from the cross or isolated margin account instead of the spot wallet. */
  margin?: 'cross' | 'isolated';
  /** With `margin`: the order borrows what the account lacks when it is placed. */
  autoBorrow?: boolean;
  /** With `margin`: each fill repays the account's loan in the coin it brings in. */
  autoRepay?: boolean;
}

/**
 * Why the form cannot send yet, first thing first: the market paused, the balance still
 * loading, a missing price, trigger, quantity or amount, then a fault in what was typed.
 * null when ready.
 */
export type FormBlocker =
  | 'paused'
  | 'loading'
  | 'price'
  | 'trigger'
  | 'quantity'
  | 'amount'
  | 'zero'
  | 'minValue'
  | 'balance';

export function formBlocker(state: {
  paused?: boolean;
  kind: OrderKind;
  byAmount: boolean;
  price: string;
  trigger: string;
  quantity: string;
  quoteAmount: string;
  available: string | null;
  errors: Partial<Record<'price' | 'quantity' | 'amount', FieldError>>;
}): FormBlocker | null {
  const blank = (text: string) => {
    const value = Decimal.parse(text.replace(/\.$/, ''));
    return text === '' || value === null;
  };
  // Nothing typed would make a paused market take the order: say so before anything else.
  if (state.paused) return 'paused';
  if (state.kind !== 'market' && blank(state.price)) return 'price';
  if (state.kind === 'stop_limit' && blank(state.trigger)) return 'trigger';
  if (state.byAmount ? blank(state.quoteAmount) : blank(state.quantity))
    return state.byAmount ? 'amount' : 'quantity';
  const triggerZero = state.kind === 'stop_limit' && Decimal.parse(state.trigger)?.isZero();
  const fault =
    state.errors.price ??
    state.errors.quantity ??
    state.errors.amount ??
    (triggerZero ? 'zero' : undefined);
  if (fault) return fault;
  if (state.available === null) return 'loading';
  return null;
}

/** The canonical form of what the user typed ("12." -> "12"), as the API receives it. */
const canonical = (typed: string) => Decimal.parse(typed.replace(/\.$/, ''))?.toString() ?? typed;

/**
 * One side of the order form: the typed fields (each kept to the market's decimals as
 * typed), the share slider, the summary and checks, and the confirmed submission with
 * its idempotency key.
 */
export function useOrderForm({
  side,
  kind,
  market,
  available,
  picked,
  margin,
  autoBorrow,
  autoRepay,
}: OrderFormOptions) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  const { maths } = market;
  const [price, setPriceText] = useState('');
  const [trigger, setTriggerText] = useState('');
  const [quantity, setQuantityText] = useState('');
  const [quoteAmount, setAmountText] = useState('');
  const [useAmount, setUseAmount] = useState(false);
  const [percent, setPercent] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const attempt = useRef<Attempt | null>(null);

  // The price starts at the last price, once: after that it is the user's. A price
  // picked in the book or the trades replaces it. Both are state adjusted while rendering,
  // so the field never shows a frame without them.
  const [prefilled, setPrefilled] = useState(false);
  const [seenPick, setSeenPick] = useState(picked?.seq ?? 0);
  if (picked && picked.seq !== seenPick) {
    setSeenPick(picked.seq);
    setPrefilled(true);
    setPriceText(sanitizeNumberInput(picked.price, maths.priceDecimals));
  } else if (!prefilled && market.lastPrice) {
    setPrefilled(true);
    setPriceText(atDecimals(market.lastPrice, maths.priceDecimals));
  }

  const byAmount = kind === 'market' && side === 'buy' && useAmount;
  const summary = summarise(
    {
      side,
      kind,
      price,
      quantity,
      quoteAmount,
      useAmount: byAmount,
      lastPrice: market.lastPrice,
      available,
    },
    maths,
  );
  // Unreadable counts as zero; a sign cannot occur, sanitizeNumberInput drops it.
  const triggerValue = Decimal.parse(trigger);
  const triggerZero = !triggerValue || triggerValue.isZero();
  const triggerError = kind === 'stop_limit' && trigger !== '' && triggerZero ? 'zero' : undefined;
  const triggerMissing = kind === 'stop_limit' && triggerZero;

  const sizeFromPercent = (next: number) => {
    setPercent(next);
    if (available === null) return;
    if (byAmount) {
      setAmountText(amountForPercent(available, next, maths) ?? '');
      return;
    }
    const sizingPrice = kind === 'market' ? market.lastPrice : price;
    setQuantityText(
      quantityForPercent({ side, percent: next, available, price: sizingPrice, market: maths }) ??
        '',
    );
  };

  const body = () => {
    const order: Record<string, string | boolean> = { symbol: market.symbol, side, type: kind };
    if (kind !== 'market') order.price = canonical(price);
    if (kind === 'stop_limit') order.triggerPrice = canonical(trigger);
    if (byAmount) order.quoteAmount = canonical(quoteAmount);
    else order.quantity = canonical(quantity);
    if (margin) order.margin = margin;
    if (margin && autoBorrow) order.autoBorrow = true;
    if (margin && autoRepay) order.autoRepay = true;
    return order as {
      symbol: string;
      side: OrderSide;
      type: OrderKind;
      margin?: 'cross' | 'isolated';
      autoBorrow?: boolean;
      autoRepay?: boolean;
    };
  };

  async function confirm() {
    const order = body();
    const current = keyForSubmission(attempt.current, JSON.stringify(order), randomKey);
    attempt.current = current;
    setSubmitting(true);
    try {
      const placed = await api(
        currencyOrderSubmit,
        { body: order },
        { headers: { 'Idempotency-Key': current.key } },
      );
      attempt.current = null;
      setConfirming(false);
      setQuantityText('');
      setAmountText('');
      setPercent(0);
      // One notice for what became of it: placed, or filled at once (a market order).
      orderNotices.tell(placed.id, placed.symbol, outcomeOf(placed));
      await queryClient.invalidateQueries({ queryKey: ['spot'] });
    } catch {
      // The client's popup shows the server's message; the dialog stays for a retry,
      // which reuses this submission's key.
    } finally {
      setSubmitting(false);
    }
  }

  return {
    side,
    kind,
    price,
    trigger,
    quantity,
    quoteAmount,
    byAmount,
    useAmount,
    percent,
    summary,
    triggerError,
    ready: summary.ready && !triggerMissing && !triggerError && !market.paused,
    blocker: formBlocker({
      paused: market.paused,
      kind,
      byAmount,
      price,
      trigger,
      quantity,
      quoteAmount,
      available,
      errors: summary.errors,
    }),
    confirming,
    submitting,
    setPrice: (typed: string) => setPriceText(sanitizeNumberInput(typed, maths.priceDecimals)),
    setTrigger: (typed: string) => setTriggerText(sanitizeNumberInput(typed, maths.priceDecimals)),
    setQuantity: (typed: string) => {
      setPercent(0);
      setQuantityText(sanitizeNumberInput(typed, maths.quantityDecimals));
    },
    setQuoteAmount: (typed: string) => {
      setPercent(0);
      setAmountText(sanitizeNumberInput(typed, amountDecimals(maths)));
    },
    setUseAmount: (on: boolean) => {
      setUseAmount(on);
      setPercent(0);
    },
    setPercent: sizeFromPercent,
    /** Opens the confirmation once the order passes every check here. */
    review: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm,
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
