import { useEffect, useState } from 'react';
import { readSetting, writeSetting } from '../../../../shared/platform/storage.ts';

/** Where the height the trader dragged the chart to is kept (px, this browser only). */
export const CHART_HEIGHT_SETTING = 'tradeChartHeight';

/** The chart row never gets shorter than this, nor taller than the viewport allows. */
export const CHART_MIN_PX = 320;
export const CHART_MAX_PX = 1400;

/**
 * What the page shows above the chart row and the tabs of the orders panel a screen keeps
 * below it (banner, header, market bar, gaps, the drag handle, the panel's tab row), so
 * that by default chart, book and form fill the first screen and the orders peek below.
 */
const AROUND_PX = { normal: 210, fullScreen: 260 } as const;

/** A height within the limits, whole pixels. */
export function clampChartHeight(px: number): number {
  if (!Number.isFinite(px)) return CHART_MIN_PX;
  return Math.round(Math.min(CHART_MAX_PX, Math.max(CHART_MIN_PX, px)));
}

/** The chart row's height before the trader drags it: what the viewport leaves. */
export function defaultChartHeight(viewportHeight: number, fullScreen: boolean): number {
  const around = fullScreen ? AROUND_PX.fullScreen : AROUND_PX.normal;
  return clampChartHeight(Math.min(viewportHeight - around, 900));
}

const isHeight = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The height of the trade page's chart row: the one the trader dragged to (remembered in
 * this browser), or else what the window leaves, following the window as it resizes.
 */
export function useChartHeight(fullScreen: boolean) {
  const [stored, setStored] = useState(() => {
    const value = readSetting(CHART_HEIGHT_SETTING, isHeight);
    return value === undefined ? null : clampChartHeight(value);
  });
  const [viewport, setViewport] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setViewport(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const height = stored ?? defaultChartHeight(viewport, fullScreen);
  return {
    height,
    /** While dragging: shown at once, kept once the drag ends (`commit`). */
    preview: (px: number) => setStored(clampChartHeight(px)),
    commit: (px: number) => {
      const next = clampChartHeight(px);
      setStored(next);
      writeSetting(CHART_HEIGHT_SETTING, next);
    },
    reset: () => {
      setStored(null);
      writeSetting(CHART_HEIGHT_SETTING, null);
    },
  };
}
