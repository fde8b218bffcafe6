import { lazy, Suspense } from 'react';
import type { LanguageSelect as Select } from '../../../shared/ui/LanguageSelect.tsx';
import { isPhoneScreen, useIsPhone } from '../../../shared/ui/useIsPhone.ts';

// The header's language select is hidden on phones (the settings drawer has one), so a
// phone never loads antd's Select for it. A wider screen fetches it as the app starts
// (preloadHeaderLanguageSelect, from main.tsx), in parallel with the first page, and it is
// rendered at once when it has arrived, so the header does not shift.
let loaded: typeof Select | undefined;
const load = () =>
  import('../../../shared/ui/LanguageSelect.tsx').then((module) => {
    loaded = module.LanguageSelect;
    return loaded;
  });
const LazySelect = lazy(async () => ({ default: await load() }));

/** Starts loading the header's language select on a screen that shows it. */
export function preloadHeaderLanguageSelect(): void {
  if (!isPhoneScreen()) void load();
}

export function HeaderLanguageSelect() {
  const phone = useIsPhone();
  if (phone) return null;
  const Loaded = loaded;
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={null}>
      <LazySelect />
    </Suspense>
  );
}
