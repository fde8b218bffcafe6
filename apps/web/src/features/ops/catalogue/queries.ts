import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsAddCoin,
  opsAddMarket,
  opsCancelFeeChange,
  opsCatalogue,
  opsPauseMarket,
  opsResumeMarket,
  opsScheduleFeeChange,
} from '@meridian/contract/calls/catalogue';
import type { CallInput } from '@meridian/contract/define';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';

export type AddCoinBody = CallInput<typeof opsAddCoin>['body'];
export type AddMarketBody = CallInput<typeof opsAddMarket>['body'];
export type FeeChangeBody = CallInput<typeof opsScheduleFeeChange>['body'];

export function useCatalogue() {
  const api = useOpsApi();
  return useQuery({ queryKey: opsKeys.catalogue, queryFn: () => api.quiet(opsCatalogue) });
}

/** Every catalogue write: refusals pop up in the server's words; the lists are read again. */
export function useCatalogueActions() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: opsKeys.catalogue });
  const reasonBody = (reason: string) => (reason ? { reason } : {});
  return {
    addCoin: useMutation({
      mutationFn: (body: AddCoinBody) => api(opsAddCoin, { body }),
      onSettled,
    }),
    addMarket: useMutation({
      mutationFn: (body: AddMarketBody) => api(opsAddMarket, { body }),
      onSettled,
    }),
    setTrading: useMutation({
      mutationFn: ({ symbol, pause, reason }: { symbol: string; pause: boolean; reason: string }) =>
        api(pause ? opsPauseMarket : opsResumeMarket, {
          params: { symbol },
          body: reasonBody(reason),
        }),
      onSettled,
    }),
    scheduleFee: useMutation({
      mutationFn: ({ symbol, ...body }: { symbol: string } & FeeChangeBody) =>
        api(opsScheduleFeeChange, { params: { symbol }, body }),
      onSettled,
    }),
    cancelFee: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api(opsCancelFeeChange, { params: { id }, body: reasonBody(reason) }),
      onSettled,
    }),
  };
}
