import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { opsDeposits, type opsDepositsQuery } from '@meridian/contract/calls/custody';
import type { z } from 'zod';
import { useOpsApi } from '../session/context.tsx';

export const DEPOSITS_PAGE_SIZE = 20;

export type DepositFilter = Omit<z.input<typeof opsDepositsQuery>, 'current' | 'size'> & {
  page: number;
};

/** A page of chain deposits across users, newest first, by the page's filters. */
export function useOpsDeposits({ page, ...filter }: DepositFilter) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [
      'ops',
      'deposits',
      filter.status ?? '',
      filter.coin ?? '',
      filter.userId ?? '',
      page,
    ],
    queryFn: () =>
      api.quiet(opsDeposits, { query: { ...filter, current: page, size: DEPOSITS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
