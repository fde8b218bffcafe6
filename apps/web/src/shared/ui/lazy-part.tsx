import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A part of a view in a chunk of its own, fetched early (`preload`, when what is on screen
 * will show it) or when first rendered, and rendered at once when it has arrived, or when
 * it arrives: nothing in its place until then (the header keeps its actions right-aligned
 * and the menu takes the space left, so nothing moves). `load` gives the component, for a
 * caller that must wait for it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // Tried again when next wanted; a failure then is the page's error.
        loading = undefined;
        throw error;
      },
    ));
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
    load: get,
    preload(): void {
      get().catch(() => undefined);
    },
  };
}
