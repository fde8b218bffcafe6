import { lazy, Suspense, useState, type ComponentType } from 'react';

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
    // Chosen once, when the part mounts: moving from the lazy path to the loaded
    // component on a later render mounted the part anew, its DOM replaced under the
    // pointer (a hovered account menu lost its hover and never opened).
    const [Loaded] = useState(() => loaded);
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
