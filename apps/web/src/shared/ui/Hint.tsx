import type { TooltipProps } from 'antd';
import type AntdTooltip from 'antd/es/tooltip';
import {
  cloneElement,
  useId,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ReactElement,
} from 'react';

import { loadAntd } from './antd/scope.tsx';

type TooltipComponent = typeof AntdTooltip;
type ThemeComponent = Awaited<ReturnType<typeof loadAntd>>['AntdTheme'];

// antd's Tooltip (its component, styles and motion, about 9 KB gzipped beside the
// positioning engine that antd's ConfigProvider brings anyway) would otherwise come with
// every first visit for the header's icon buttons and the home page's badge (with antd's
// theme scope, which the shell does not load: shared/ui/antd). Nobody sees
// a hint before they move the pointer, press a key or touch the screen, so its code is
// fetched on the first of those, and the hinted elements render bare until it is here
// (the buttons' accessible name is their aria-label either way).
let Tooltip: TooltipComponent | undefined;
let Theme: ThemeComponent | undefined;
let loading: Promise<void> | undefined;
const subscribers = new Set<() => void>();
const FIRST_ACTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

// When the tooltip arrives, each hinted element is rendered anew inside it. Between a
// press and its release that would lose the click: the browser sends it to the common
// parent of where the press and the release landed, not to the button. So the elements
// are swapped once nothing is pressed, after the click the release makes.
let pressed = 0;
let swapWaiting = false;
function swapIn(): void {
  if (pressed > 0) {
    swapWaiting = true;
    return;
  }
  swapWaiting = false;
  for (const notify of subscribers) notify();
}
function trackPresses(): void {
  const down = () => (pressed += 1);
  const up = () => {
    pressed = Math.max(0, pressed - 1);
    // The next task: the click of this release is dispatched first.
    if (pressed === 0 && swapWaiting) setTimeout(swapIn);
  };
  window.addEventListener('pointerdown', down, { capture: true, passive: true });
  // Space presses a button on its release (Enter on the press itself, so it needs none).
  const space = (event: KeyboardEvent) => event.key === ' ' && !event.repeat;
  window.addEventListener('keydown', (event) => space(event) && down(), { capture: true });
  window.addEventListener('keyup', (event) => space(event) && up(), { capture: true });
  for (const type of ['pointerup', 'pointercancel'] as const)
    window.addEventListener(type, up, { capture: true, passive: true });
  // A release outside the window is never seen: do not wait for it forever.
  window.addEventListener('blur', () => {
    pressed = 0;
    if (swapWaiting) setTimeout(swapIn);
  });
}

function load(): void {
  loading ??= Promise.all([import('antd/es/tooltip'), loadAntd()]).then(
    ([module, scope]) => {
      Theme = scope.AntdTheme;
      Tooltip = module.default;
      swapIn();
    },
    () => {
      // Offline or a new deploy: the buttons work without their hints; try again later.
      loading = undefined;
    },
  );
}

let listening = false;
function loadOnFirstAct(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  trackPresses();
  const act = () => {
    for (const type of FIRST_ACTS) window.removeEventListener(type, act, true);
    load();
  };
  for (const type of FIRST_ACTS)
    window.addEventListener(type, act, { capture: true, passive: true });
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}
const loaded = () => Tooltip;

/**
 * A hover or focus hint (antd's Tooltip) on one element, loaded on the visitor's first
 * act. When it arrives the element is rendered again inside the tooltip; if it had the
 * keyboard's focus, the focus is given back to it, and the hint shows at once when the
 * pointer or focus is already on it.
 */
export function Hint({
  title,
  children,
}: {
  title: TooltipProps['title'];
  children: ReactElement<Record<string, unknown>>;
}) {
  loadOnFirstAct();
  const Loaded = useSyncExternalStore(subscribe, loaded, loaded);
  const id = useId();
  // Whether the pointer or the focus is on the element: the tooltip opens at once when it
  // arrives under either (its `defaultOpen` counts only when it mounts).
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const props = children.props as {
    onPointerEnter?: (event: unknown) => void;
    onPointerLeave?: (event: unknown) => void;
    onFocus?: (event: unknown) => void;
    onBlur?: (event: unknown) => void;
  };
  const element = cloneElement(children, {
    'data-hint': id,
    onPointerEnter: (event: unknown) => {
      setPointer(true);
      props.onPointerEnter?.(event);
    },
    onPointerLeave: (event: unknown) => {
      setPointer(false);
      props.onPointerLeave?.(event);
    },
    onFocus: (event: unknown) => {
      setFocus(true);
      props.onFocus?.(event);
    },
    onBlur: (event: unknown) => {
      setFocus(false);
      props.onBlur?.(event);
    },
  });
  const hasTooltip = Loaded !== undefined;
  useLayoutEffect(() => {
    // Inside the tooltip the element is a new one: the focused one it replaced is gone.
    if (hasTooltip && focus) {
      const next = document.querySelector<HTMLElement>(`[data-hint="${CSS.escape(id)}"]`);
      if (next && next !== document.activeElement) next.focus();
    }
    // Only when the tooltip arrives; later focus changes are the visitor's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasTooltip]);
  if (!Loaded || !Theme) return element;
  // Module state set once, when the chunk arrives: the same components on every render
  // from then on, never ones made during a render (what the rule guards against). The
  // theme adds nothing inside a page's antd scope.
  /* eslint-disable react-hooks/static-components */
  return (
    <Theme>
      <Loaded title={title} defaultOpen={pointer || focus}>
        {element}
      </Loaded>
    </Theme>
  );
  /* eslint-enable react-hooks/static-components */
}
