import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsRechargeBanks,
  opsSaveRechargeBank,
  type RechargeBankInput,
} from '@meridian/contract/calls/recharges';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';

const banksKey = [...opsKeys.all, 'recharge-banks'] as const;

/** The receiving bank account of every coin, switched on or off. */
export function useRechargeBanks() {
  const api = useOpsApi();
  return useQuery({ queryKey: banksKey, queryFn: () => api.quiet(opsRechargeBanks) });
}

/** Saves a coin's account (refusals pop up in the server's words); the list is read again. */
export function useSaveRechargeBank() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coin, ...body }: { coin: string } & RechargeBankInput) =>
      api(opsSaveRechargeBank, { params: { coin }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: banksKey }),
  });
}
