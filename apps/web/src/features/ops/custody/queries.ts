import { useQuery } from '@tanstack/react-query';
import { opsCustody } from '@meridian/contract/calls/custody';
import { useOpsApi } from '../session/context.tsx';

/** The custody reconciliation, read from the engine's ledger when asked. */
export function useCustody() {
  const api = useOpsApi();
  return useQuery({ queryKey: ['ops', 'custody'], queryFn: () => api.quiet(opsCustody) });
}
