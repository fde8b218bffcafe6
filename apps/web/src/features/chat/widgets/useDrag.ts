import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** Seed section 9: the floating chat box stays at least this far from the top. */
export const CHAT_MIN_TOP = 64;

export interface Position {
  left: number;
  top: number;
}

/**
 * Keeps a box of `width` x `height` on the screen: never above `CHAT_MIN_TOP`, never past
 * an edge (a box larger than the screen keeps its top-left corner in view).
 */
export function clampPosition(
  position: Position,
  box: { width: number; height: number },
  viewport: { width: number; height: number },
): Position {
  const maxLeft = Math.max(0, viewport.width - box.width);
  const maxTop = Math.max(CHAT_MIN_TOP, viewport.height - box.height);
  return {
    left: Math.min(Math.max(0, position.left), maxLeft),
    top: Math.min(Math.max(CHAT_MIN_TOP, position.top), maxTop),
  };
}

/**
 * Dragging the box by its header with any pointer (mouse, pen, touch). The position is
 * null until the first drag: the box sits where its CSS puts it (bottom right).
 */
export function useDrag(box: () => HTMLElement | null) {
  const [position, setPosition] = useState<Position | null>(null);
  const start = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const element = box();
      if (!element || event.button !== 0) return;
      // A press on a button in the header is the button's, not a drag.
      if ((event.target as HTMLElement).closest('button')) return;
      const rect = element.getBoundingClientRect();
      start.current = { x: event.clientX, y: event.clientY, left: rect.left, top: rect.top };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    [box],
  );
  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const from = start.current;
      const element = box();
      if (!from || !element) return;
      setPosition(
        clampPosition(
          { left: from.left + event.clientX - from.x, top: from.top + event.clientY - from.y },
          { width: element.offsetWidth, height: element.offsetHeight },
          { width: window.innerWidth, height: window.innerHeight },
        ),
      );
    },
    [box],
  );
  const onPointerUp = useCallback(() => {
    start.current = null;
  }, []);

  return { position, handlers: { onPointerDown, onPointerMove, onPointerUp } };
}
