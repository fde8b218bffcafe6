import { describe, expect, it } from 'vitest';
import { clampChartHeight, defaultChartHeight } from './chart-height.ts';
import { tradeLayout } from './trade-layout.ts';

describe('trade page layout', () => {
  it.each([
    // chart row px, stacked, book rows a side, trade rows
    [558, false, 10, 24],
    [440, false, 7, 18],
    [870, true, 10, 13],
    [1200, true, 10, 29],
  ])('a %i px row: stacked %s, %i book rows, %i trades', (height, stacked, book, trades) => {
    expect(tradeLayout(height)).toEqual({ stacked, bookRows: book, tradeRows: trades });
  });
});

describe('chart height', () => {
  it.each([
    // viewport, full screen, default height
    [768, false, 558],
    [1080, false, 870],
    [1440, false, 900],
    [600, false, 390],
    [400, false, 320],
    [768, true, 508],
  ])('fills a %i px window (full screen %s) with %i px', (viewport, full, height) => {
    expect(defaultChartHeight(viewport, full)).toBe(height);
  });

  it('keeps a dragged height within its limits, in whole pixels', () => {
    expect(clampChartHeight(100)).toBe(320);
    expect(clampChartHeight(612.6)).toBe(613);
    expect(clampChartHeight(5000)).toBe(1400);
    expect(clampChartHeight(Number.NaN)).toBe(320);
  });
});
