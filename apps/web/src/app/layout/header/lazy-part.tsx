import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A part of the header in a chunk of its own, fetched early (`preload`, from main.tsx, when
 * the screen will show it) and rendered at once when it has arrived, or when it arrives:
 * the actions stay right-aligned and the menu takes the space left, so nothing moves.
 */
export function lazyHeaderPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await get() }));
  function Part(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return {
    Part,
    preload(): void {
      get().catch(() => {
        // Tried again when rendered; a failure then is the page's error.
        loading = undefined;
      });
    },
  };
}
