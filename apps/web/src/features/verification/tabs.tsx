import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The verification tabs other pages show (`/user/index` and the account centre): each
 * loads its own chunk when first shown, so a page that never opens one never fetches it.
 * The place is held at about a form's height meanwhile, so the tab does not jump.
 */
function tab(Component: LazyExoticComponent<ComponentType>) {
  return function VerificationTab() {
    return (
      <Suspense fallback={<div style={{ minHeight: 320 }} aria-busy="true" />}>
        <Component />
      </Suspense>
    );
  };
}

export const PrimaryTab = tab(lazy(() => import('./widgets/PrimaryForm.tsx')));
export const AdvancedTab = tab(lazy(() => import('./widgets/AdvancedForm.tsx')));
export const BankTab = tab(lazy(() => import('./widgets/BankCardForm.tsx')));
export const CertifiedTab = tab(lazy(() => import('./widgets/CertifiedState.tsx')));
export const KycTab = tab(lazy(() => import('./widgets/KycOverview.tsx')));
