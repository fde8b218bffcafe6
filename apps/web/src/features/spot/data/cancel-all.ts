import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currencyOrderCancelAll } from '@meridian/contract/calls/spot';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { SPOT_QUERY_ROOT } from './query-root.ts';

/** Cancels every open order of the user, in one market (`symbol`) or in all of them. */
export function useCancelAll(onDone?: (cancelled: number) => void) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string | undefined) =>
      api(currencyOrderCancelAll, { body: symbol === undefined ? {} : { symbol } }),
    onSuccess: (answer) => onDone?.(answer.cancelled),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SPOT_QUERY_ROOT] }),
  });
}
