import { useQuery } from '@tanstack/react-query';
import { operatorDashboard } from '@meridian/contract/calls/operators';
import type { OperatorPermission } from '@meridian/contract/operators';
import { REVIEW_KINDS, type ReviewKind } from '@meridian/contract/calls/reviews';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';
import { useOpsSession } from '../session/session-store.ts';
import { REVIEW_QUEUE_PERMISSIONS } from '../reviews/permissions.ts';
import { opsAdjustments, opsUserSearch } from '@meridian/contract/calls/operators';

export interface DashboardCard {
  key: string;
  /** i18n key (ops) of what is counted. */
  label: string;
  count: number;
  /** Where the card leads; null when the role may not open that page. */
  to: string | null;
  /** Something waits for a person: drawn with the warning colour while above zero. */
  attention: boolean;
}

const isKnownKind = (kind: string): kind is ReviewKind =>
  (REVIEW_KINDS as readonly string[]).includes(kind);

/**
 * The dashboard's cards from its counts: one per review queue the server reports, then
 * the adjustments waiting for a second operator, users and frozen users. Each card links
 * to its queue when the role may open it.
 */
export function dashboardCards(
  data: {
    queues: { kind: string; pending: number }[];
    adjustmentsPending: number;
    users: number;
    frozenUsers: number;
  },
  permissions: readonly OperatorPermission[],
): DashboardCard[] {
  const may = (permission: OperatorPermission, to: string) =>
    permissions.includes(permission) ? to : null;
  return [
    ...data.queues.map((q) => ({
      key: `queue-${q.kind}`,
      label: `dashboard.queue.${q.kind}`,
      count: q.pending,
      to: isKnownKind(q.kind)
        ? may(REVIEW_QUEUE_PERMISSIONS[q.kind].read, `/ops/reviews/${q.kind}`)
        : q.kind === 'chat'
          ? may('chat.read', '/ops/chat')
          : null,
      attention: true,
    })),
    {
      key: 'adjustments',
      label: 'dashboard.adjustmentsPending',
      count: data.adjustmentsPending,
      to: may(opsAdjustments.permission, '/ops/adjustments?state=pending'),
      attention: true,
    },
    {
      key: 'users',
      label: 'dashboard.users',
      count: data.users,
      to: may(opsUserSearch.permission, '/ops/users'),
      attention: false,
    },
    {
      key: 'frozen',
      label: 'dashboard.frozenUsers',
      count: data.frozenUsers,
      to: may(opsUserSearch.permission, '/ops/users'),
      attention: false,
    },
  ];
}

export function useDashboard() {
  const api = useOpsApi();
  const permissions = useOpsSession((s) => s.permissions);
  const query = useQuery({
    queryKey: opsKeys.dashboard,
    queryFn: () => api.quiet(operatorDashboard),
    // Counts of work waiting: kept fresh while the dashboard is open.
    refetchInterval: 30_000,
  });
  return { query, cards: query.data ? dashboardCards(query.data, permissions) : [] };
}
