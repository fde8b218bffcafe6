import { useRef, useState } from 'react';
import type { Period } from '@meridian/contract/calls/seconds';
import { keyForSubmission, randomKey, type Attempt } from '../../../shared/api/idempotency.ts';
import { usePeriods, useOpenContract } from '../data/queries.ts';
import { payoutsOf, stakeProblem, type Payouts } from '../data/payouts.ts';

export type Direction = 'up' | 'down';

/**
 * The opening form's state: the chosen period and stake, what is wrong with them before
 * anything is sent, the confirmation with what each outcome pays, and one
 * Idempotency-Key per confirmed contract (reused if the same one is sent again).
 */
export function useOpenForm(symbol: string, decimals: number) {
  const periods = usePeriods(symbol);
  const open = useOpenContract();
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [stake, setStake] = useState('');
  const [confirming, setConfirming] = useState<Direction | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const list = periods.data ?? [];
  // The shortest period until the user picks one of this market's.
  const period: Period | undefined = list.find((p) => p.id === periodId) ?? list[0];

  const problem = stakeProblem(stake, period);
  const payouts: Payouts | null = period && !problem ? payoutsOf(period, stake, decimals) : null;

  return {
    periods,
    period,
    setPeriodId,
    stake,
    setStake,
    problem,
    payouts,
    confirming,
    /** Opens the confirmation; nothing is sent until it is confirmed. */
    ask: (direction: Direction) => {
      if (period && !problem) setConfirming(direction);
    },
    cancel: () => setConfirming(null),
    submitting: open.isPending,
    async confirm() {
      if (!period || !confirming || problem) return;
      const body = { symbol, periodId: period.id, direction: confirming, amount: stake.trim() };
      attempt.current = keyForSubmission(attempt.current, JSON.stringify(body), randomKey);
      try {
        await open.mutateAsync({ body, key: attempt.current.key });
        attempt.current = null;
        setConfirming(null);
      } catch {
        // The error popup has said why; the same confirmation may be sent again.
      }
    },
  };
}

export type OpenForm = ReturnType<typeof useOpenForm>;
