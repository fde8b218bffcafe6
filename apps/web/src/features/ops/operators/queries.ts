import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsCreateOperator,
  opsOperators,
  opsResetOperator,
  opsRoles,
  opsSetRolePermissions,
  opsUpdateOperator,
} from '@meridian/contract/calls/operators';
import type { CallInput } from '@meridian/contract/define';
import type { OperatorPermission, OperatorRole } from '@meridian/contract/operators';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';

export function useOperators() {
  const api = useOpsApi();
  return useQuery({ queryKey: opsKeys.operators, queryFn: () => api.quiet(opsOperators) });
}

export function useRoles() {
  const api = useOpsApi();
  return useQuery({ queryKey: opsKeys.roles, queryFn: () => api.quiet(opsRoles) });
}

/** Operator changes; refusals (the last admin, a taken email) pop up in the server's words. */
export function useOperatorActions() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: opsKeys.operators });
  return {
    create: useMutation({
      mutationFn: (body: CallInput<typeof opsCreateOperator>['body']) =>
        api(opsCreateOperator, { body }),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: { id: string } & CallInput<typeof opsUpdateOperator>['body']) =>
        api(opsUpdateOperator, { params: { id }, body }),
      onSettled: refresh,
    }),
    reset: useMutation({
      mutationFn: (id: string) => api(opsResetOperator, { params: { id } }),
      onSettled: refresh,
    }),
  };
}

export function useSetRolePermissions() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      role,
      permissions,
    }: {
      role: OperatorRole;
      permissions: OperatorPermission[];
    }) => api(opsSetRolePermissions, { params: { role }, body: { permissions } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.roles }),
  });
}
