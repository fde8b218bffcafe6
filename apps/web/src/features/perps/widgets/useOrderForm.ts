import { useState } from 'react';
import type { PerpOrder, PerpOrderInput } from '@meridian/contract/calls/perps';
import { keyForSubmission, randomKey, type Attempt } from '../../../shared/api/idempotency.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import {
  baseSize,
  contractsOf,
  liquidationPreview,
  maxContracts,
  orderCost,
  orderProblem,
  positive,
  type FormMarket,
  type HeldPosition,
} from '../data/maths.ts';
import { useSubmitOrder } from '../data/queries.ts';

export type PerpOrderType = PerpOrderInput['type'];
export type Direction = 'long' | 'short';
export type Tif = 'GTC' | 'POST_ONLY' | 'IOC';
export interface OrderNotice {
  kind: 'success' | 'warning';
  text: string;
}

/**
 * The order form's state: what is typed, what it costs, the most the balance allows, what
 * stops it, and the confirm-then-send flow (one notice per outcome, one Idempotency-Key
 * per confirmed order so a retry after a lost answer never places it twice).
 */
export function useOrderForm(input: {
  symbol: string;
  market: FormMarket | undefined;
  leverage: number;
  marginMode: 'isolated' | 'cross';
  available: string | null;
  /** Market orders are costed at the mark price (the engine bounds them around it). */
  markPrice: string | null;
  position: HeldPosition | null;
  describe: (order: PerpOrder) => OrderNotice;
}) {
  const [type, setType] = useState<PerpOrderType>('limit');
  const [price, setPrice] = useState('');
  const [triggerPrice, setTriggerPrice] = useState('');
  const [trigger, setTrigger] = useState<'mark' | 'last'>('mark');
  const [contracts, setContracts] = useState('');
  const [reduceOnly, setReduceOnly] = useState(false);
  const [tif, setTif] = useState<Tif>('GTC');
  const [confirming, setConfirming] = useState<Direction | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const submit = useSubmitOrder();
  const { market } = input;

  const limitLike = type === 'limit' || type === 'stop_limit';
  const pricedAt = limitLike
    ? positive(price)
    : type === 'stop_market'
      ? positive(triggerPrice)
      : positive(input.markPrice);
  const postOnly = type === 'limit' && tif === 'POST_ONLY';
  const count = contractsOf(contracts);

  const figures = (direction: Direction) => {
    const side = direction === 'long' ? 'buy' : 'sell';
    if (!market) return { cost: null, max: null, problem: 'contracts' as const, liquidation: null };
    const common = {
      market,
      side,
      price: pricedAt,
      leverage: input.leverage,
      postOnly,
      reduceOnly,
      position: input.position,
    } as const;
    const max = maxContracts({ ...common, available: input.available });
    const cost = count === null ? null : orderCost({ ...common, contracts: count });
    const closable =
      input.position && (input.position.side === 'long') !== (direction === 'long')
        ? BigInt(input.position.contracts)
        : 0n;
    const liquidation =
      count === null
        ? null
        : liquidationPreview({ ...common, contracts: count, marginMode: input.marginMode, cost });
    const problem = orderProblem({
      market,
      type,
      contracts,
      price,
      triggerPrice,
      max,
      reduceOnly,
      closable,
    });
    return { cost, max, problem, liquidation };
  };

  const bodyFor = (direction: Direction): PerpOrderInput => ({
    symbol: input.symbol,
    side: direction === 'long' ? 'buy' : 'sell',
    type,
    contracts: contracts.trim(),
    ...(limitLike ? { price: price.trim() } : {}),
    ...(type === 'stop_market' || type === 'stop_limit'
      ? { triggerPrice: triggerPrice.trim(), trigger }
      : {}),
    ...(type === 'limit' ? { timeInForce: tif } : type === 'market' ? { timeInForce: 'IOC' } : {}),
    ...(reduceOnly ? { reduceOnly: true } : {}),
  });

  return {
    type,
    setType,
    price,
    setPrice,
    triggerPrice,
    setTriggerPrice,
    trigger,
    setTrigger,
    contracts,
    setContracts,
    reduceOnly,
    setReduceOnly,
    tif,
    setTif,
    size: count !== null && market ? baseSize(count, market) : null,
    figures,
    confirming,
    review: (direction: Direction) => {
      if (figures(direction).problem === null) setConfirming(direction);
    },
    cancel: () => setConfirming(null),
    submitting: submit.isPending,
    async confirm() {
      if (!confirming) return;
      const body = bodyFor(confirming);
      const current = keyForSubmission(attempt, JSON.stringify(body), randomKey);
      setAttempt(current);
      try {
        const order = await submit.mutateAsync({ body, key: current.key });
        const notice = input.describe(order);
        notifier.notify(notice.kind, notice.text, { key: `perp-order-${order.id}` });
        setAttempt(null);
        setConfirming(null);
        setContracts('');
      } catch {
        // The request rules showed the server's reason; the dialog stays for a retry,
        // which reuses this order's key.
      }
    },
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;
