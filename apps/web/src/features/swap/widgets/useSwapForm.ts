import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../../shared/router/index.tsx';
import type { SwapQuote, SwapResult } from '@meridian/contract/calls/swap';
import { sanitizeNumberInput } from '@meridian/core';
import { ApiError } from '../../../shared/api/client.ts';
import { keyForSubmission, randomKey, type Attempt } from '../../../shared/api/idempotency.ts';
import { quantityProblem, quotable, secondsLeft } from '../model/swap-form.ts';
import { useExchange, useQuote, useSpotBalances, useSwapTerms } from '../model/queries.ts';

/** Typing settles this long before a quote is asked for. */
const TYPING_MS = 350;
/** How long a renewed quote is marked as new. */
const RENEWED_MS = 3_000;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The browser's clock, read at once and then every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running]);
  return now;
}

/**
 * The swap form's state and rules, apart from its view: the two coins, the quantity as
 * typed (cut to the coin's decimals), the live quote with its countdown, asked again
 * whenever it expires while the user looks (and marked as renewed), the confirmation of
 * exactly the quote shown, and the swap with its Idempotency-Key. A quote the server
 * calls expired is never swapped at another price: the form says so and shows a new one.
 */
export function useSwapForm() {
  const [params] = useSearchParams();
  const terms = useSwapTerms();
  const balances = useSpotBalances();
  const [from, setFromState] = useState(() => (params.get('from') ?? 'BTC').toUpperCase());
  const [to, setToState] = useState(() => (params.get('to') ?? 'USDT').toUpperCase());
  const [quantity, setQuantityText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [expiredNotice, setExpiredNotice] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<SwapResult | null>(null);
  const [renewed, setRenewed] = useState(false);
  const attempt = useRef<Attempt | null>(null);

  const coins = terms.data?.coins ?? [];
  const decimalsOf = (coin: string) => coins.find((c) => c.coin === coin)?.decimals ?? 8;
  const available = (coin: string) => balances.data?.find((b) => b.coin === coin)?.available ?? '0';
  const canonical = quantity.endsWith('.') ? quantity.slice(0, -1) : quantity;
  const problem = quantityProblem(canonical, available(from));
  const settledQuantity = useDebounced(canonical, TYPING_MS);
  const typing = settledQuantity !== canonical;
  const wanted =
    !!terms.data && from !== to && quotable(quantityProblem(settledQuantity, available(from)));
  const quote = useQuote(from, to, settledQuantity, wanted);
  const current: SwapQuote | undefined =
    wanted && !typing && !quote.isError ? quote.data : undefined;
  const now = useNow(current !== undefined);
  const left = current ? secondsLeft(current, quote.dataUpdatedAt, now) : 0;

  const exchange = useExchange((done) => {
    attempt.current = null;
    setConfirming(false);
    setResult(done);
    setQuantityText('');
  });

  // A quote that runs out while the user looks is asked for again, never swapped late.
  const expired = current !== undefined && left === 0;
  const { refetch, isFetching } = quote;
  useEffect(() => {
    if (expired && !isFetching && !exchange.isPending) void refetch();
  }, [expired, isFetching, exchange.isPending, refetch]);

  // A new quote for the same inputs is marked, so a change of figures never goes unseen.
  const shown = useRef<{ id: string; inputs: string } | null>(null);
  useEffect(() => {
    if (!current) return;
    const inputs = `${current.from}:${current.to}:${current.quantity}`;
    const before = shown.current;
    shown.current = { id: current.id, inputs };
    if (!before || before.id === current.id || before.inputs !== inputs) return;
    setRenewed(true);
    const timer = setTimeout(() => setRenewed(false), RENEWED_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const quoteError =
    wanted && !typing && quote.error instanceof ApiError ? quote.error.message : null;

  return {
    terms,
    balances,
    coins,
    from,
    to,
    quantity,
    decimals: decimalsOf(from),
    available: available(from),
    availableTo: available(to),
    /** Shown once something is typed. */
    problem: quantity === '' ? null : problem,
    quote: current,
    quoting: wanted && (typing || quote.isFetching),
    quoteError,
    quoteFailed: wanted && !typing && quote.isError,
    secondsLeft: left,
    renewed,
    canSwap: current !== undefined && left > 0 && problem === null && !quote.isFetching,
    confirming,
    expiredNotice,
    failure,
    submitting: exchange.isPending,
    result,
    retryQuote: () => void refetch(),
    setFrom(next: string) {
      if (next === to) setToState(from);
      setFromState(next);
      setQuantityText('');
    },
    setTo(next: string) {
      if (next === from) setFromState(to);
      setToState(next);
    },
    flip() {
      setFromState(to);
      setToState(from);
      setQuantityText('');
    },
    setQuantity(text: string) {
      setQuantityText(sanitizeNumberInput(text, decimalsOf(from)));
    },
    max() {
      setQuantityText(available(from));
    },
    /** Opens the confirmation of the quote shown; nothing has moved yet. */
    review() {
      if (!current) return;
      setExpiredNotice(false);
      setFailure(null);
      setConfirming(true);
    },
    cancel() {
      setConfirming(false);
    },
    /** Swaps exactly the quote shown in the confirmation; a retry of it reuses its key. */
    confirm() {
      if (!current) return;
      const next = keyForSubmission(attempt.current, current.id, randomKey);
      attempt.current = next;
      setFailure(null);
      exchange.mutate(
        { quoteId: current.id, key: next.key },
        {
          onError(error) {
            if (error instanceof ApiError && error.reason === 'swapQuoteExpired') {
              // Nothing moved: show why, and the new quote the user must confirm again.
              setExpiredNotice(true);
              void refetch();
              return;
            }
            setFailure(error instanceof ApiError ? error.message : String(error));
          },
        },
      );
    },
    again() {
      setResult(null);
    },
  };
}

export type SwapForm = ReturnType<typeof useSwapForm>;
