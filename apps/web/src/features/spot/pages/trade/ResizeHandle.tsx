import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_MAX_PX, CHART_MIN_PX } from './chart-height.ts';
import styles from './trade.module.css';

const KEY_STEP_PX = 40;

/**
 * The bar between the chart row and the orders below: drag it (or focus it and press the
 * arrow keys) to make the chart taller or shorter; a double click goes back to the size
 * the window suggests.
 */
export function ResizeHandle({
  height,
  onPreview,
  onCommit,
  onReset,
}: {
  height: number;
  onPreview: (px: number) => void;
  onCommit: (px: number) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('spot');
  const drag = useRef<{ startY: number; startHeight: number; last: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: height, last: height };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    d.last = d.startHeight + event.clientY - d.startY;
    onPreview(d.last);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
    onCommit(d.last);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step =
      event.key === 'ArrowUp' ? -KEY_STEP_PX : event.key === 'ArrowDown' ? KEY_STEP_PX : 0;
    if (step === 0) return;
    event.preventDefault();
    onCommit(height + step);
  };

  return (
    <div
      className={styles.resizeHandle}
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('trade.resize')}
      aria-valuemin={CHART_MIN_PX}
      aria-valuemax={CHART_MAX_PX}
      aria-valuenow={height}
      tabIndex={0}
      title={t('trade.resize')}
      data-testid="chart-resize"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={onReset}
      onKeyDown={onKeyDown}
    >
      <span className={styles.resizeGrip} aria-hidden />
    </div>
  );
}
