import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  opsAdjustments,
  opsAuditLog,
  operatorDashboard,
  opsOperators,
  opsUserDetail,
  opsUserSearch,
} from '@meridian/contract/calls/operators';
import { opsCatalogue } from '@meridian/contract/calls/catalogue';
import { opsWithdrawals } from '@meridian/contract/calls/withdrawals';
import { opsCustody, opsDeposits } from '@meridian/contract/calls/custody';
import { opsRechargeBanks } from '@meridian/contract/calls/recharges';
import { opsSwap } from '@meridian/contract/calls/swap';
import { opsSecondPeriods } from '@meridian/contract/calls/seconds';
import { opsEarnProducts } from '@meridian/contract/calls/earn';
import { opsMarginSettings } from '@meridian/contract/calls/margin';
import { opsChatConversations } from '@meridian/contract/calls/chat';
import { opsContent } from '@meridian/contract/calls/content';
import { REVIEW_KINDS, type ReviewKind } from '@meridian/contract/calls/reviews';
import type { OperatorPermission } from '@meridian/contract/operators';
import { REVIEW_QUEUE_PERMISSIONS } from '../reviews/permissions.ts';

/** The icon a navigation entry shows; the view maps each name to its antd icon. */
export type OpsIcon =
  | 'dashboard'
  | 'users'
  | 'review'
  | 'adjustments'
  | 'withdrawals'
  | 'deposits'
  | 'custody'
  | 'banks'
  | 'swap'
  | 'seconds'
  | 'earn'
  | 'margin'
  | 'chat'
  | 'content'
  | 'catalogue'
  | 'audit'
  | 'operators';

export interface OpsNavEntry {
  /** i18n key in the `ops` namespace. */
  label: string;
  icon: OpsIcon;
  /** Review queues sit together under one heading. */
  group?: 'reviews';
}

export interface OpsPage {
  /** Under /ops; '' is the dashboard. */
  path: string;
  /** What the page's own list call needs: the page and its entry show only with it. */
  permission: OperatorPermission;
  /** Pages reached from another one (a user's detail) have no entry of their own. */
  nav?: OpsNavEntry;
  Component: LazyExoticComponent<ComponentType>;
}

const reviewQueuePage = (kind: ReviewKind): OpsPage => ({
  path: `reviews/${kind}`,
  permission: REVIEW_QUEUE_PERMISSIONS[kind].read,
  nav: { label: `nav.queue.${kind}`, icon: 'review', group: 'reviews' },
  Component: lazy(async () => ({
    default: (await import('../reviews/ReviewQueuePage.tsx')).queuePage(kind),
  })),
});

/**
 * Every page of the console, in navigation order. The permission is read from the page's
 * list call in the contract, so the menu shows exactly what the server would answer (and
 * the server refuses the rest anyway). Each page is its own chunk.
 */
export const OPS_PAGES: readonly OpsPage[] = [
  {
    path: '',
    permission: operatorDashboard.permission,
    nav: { label: 'nav.dashboard', icon: 'dashboard' },
    Component: lazy(() => import('../dashboard/DashboardPage.tsx')),
  },
  {
    path: 'users',
    permission: opsUserSearch.permission,
    nav: { label: 'nav.users', icon: 'users' },
    Component: lazy(() => import('../users/UsersPage.tsx')),
  },
  {
    path: 'users/:id',
    permission: opsUserDetail.permission,
    Component: lazy(() => import('../users/UserDetailPage.tsx')),
  },
  ...REVIEW_KINDS.map(reviewQueuePage),
  {
    path: 'chat',
    permission: opsChatConversations.permission,
    nav: { label: 'nav.chat', icon: 'chat' },
    Component: lazy(() => import('../chat/ChatDeskPage.tsx')),
  },
  {
    path: 'adjustments',
    permission: opsAdjustments.permission,
    nav: { label: 'nav.adjustments', icon: 'adjustments' },
    Component: lazy(() => import('../adjustments/AdjustmentsPage.tsx')),
  },
  {
    path: 'withdrawals',
    permission: opsWithdrawals.permission,
    nav: { label: 'nav.withdrawals', icon: 'withdrawals' },
    Component: lazy(() => import('../withdrawals/WithdrawalsPage.tsx')),
  },
  {
    path: 'deposits',
    permission: opsDeposits.permission,
    nav: { label: 'nav.deposits', icon: 'deposits' },
    Component: lazy(() => import('../deposits/DepositsPage.tsx')),
  },
  {
    path: 'custody',
    permission: opsCustody.permission,
    nav: { label: 'nav.custody', icon: 'custody' },
    Component: lazy(() => import('../custody/CustodyPage.tsx')),
  },
  {
    path: 'recharge-banks',
    permission: opsRechargeBanks.permission,
    nav: { label: 'nav.rechargeBanks', icon: 'banks' },
    Component: lazy(() => import('../recharges/RechargeBanksPage.tsx')),
  },
  {
    path: 'swap',
    permission: opsSwap.permission,
    nav: { label: 'nav.swap', icon: 'swap' },
    Component: lazy(() => import('../swap/SwapPage.tsx')),
  },
  {
    path: 'seconds',
    permission: opsSecondPeriods.permission,
    nav: { label: 'nav.seconds', icon: 'seconds' },
    Component: lazy(() => import('../seconds/SecondsPage.tsx')),
  },
  {
    path: 'earn',
    permission: opsEarnProducts.permission,
    nav: { label: 'nav.earn', icon: 'earn' },
    Component: lazy(() => import('../earn/EarnProductsPage.tsx')),
  },
  {
    path: 'margin',
    permission: opsMarginSettings.permission,
    nav: { label: 'nav.margin', icon: 'margin' },
    Component: lazy(() => import('../margin/MarginPage.tsx')),
  },
  {
    path: 'content',
    permission: opsContent.permission,
    nav: { label: 'nav.content', icon: 'content' },
    Component: lazy(() => import('../content/ContentPage.tsx')),
  },
  {
    path: 'catalogue',
    permission: opsCatalogue.permission,
    nav: { label: 'nav.catalogue', icon: 'catalogue' },
    Component: lazy(() => import('../catalogue/CataloguePage.tsx')),
  },
  {
    path: 'audit',
    permission: opsAuditLog.permission,
    nav: { label: 'nav.audit', icon: 'audit' },
    Component: lazy(() => import('../audit/AuditPage.tsx')),
  },
  {
    path: 'operators',
    permission: opsOperators.permission,
    nav: { label: 'nav.operators', icon: 'operators' },
    Component: lazy(() => import('../operators/OperatorsPage.tsx')),
  },
];

export interface OpsNavLink extends OpsNavEntry {
  /** The full path, /ops/... */
  to: string;
}

/** The console's absolute path of a page. */
export const opsPath = (path: string) => (path ? `/ops/${path}` : '/ops');

/** The navigation an operator sees: the entries of the pages their role may open. */
export function navigationFor(
  permissions: readonly OperatorPermission[],
  pages: readonly OpsPage[] = OPS_PAGES,
): OpsNavLink[] {
  return pages.flatMap((page) =>
    page.nav && permissions.includes(page.permission)
      ? [{ ...page.nav, to: opsPath(page.path) }]
      : [],
  );
}

/** Where a sign-in lands: the dashboard, or the first page the role may open. */
export function landingPath(
  permissions: readonly OperatorPermission[],
  pages: readonly OpsPage[] = OPS_PAGES,
): string {
  return navigationFor(permissions, pages)[0]?.to ?? '/ops';
}
