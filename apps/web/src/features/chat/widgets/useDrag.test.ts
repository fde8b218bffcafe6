import { describe, expect, it } from 'vitest';
import { CHAT_MIN_TOP, clampPosition } from './useDrag.ts';

describe('the chat box position', () => {
  const box = { width: 532, height: 640 };
  const viewport = { width: 1280, height: 800 };

  it('stays at least 64 px from the top and inside the screen', () => {
    expect(clampPosition({ left: 100, top: 0 }, box, viewport)).toEqual({
      left: 100,
      top: CHAT_MIN_TOP,
    });
    expect(clampPosition({ left: -50, top: 500 }, box, viewport)).toEqual({ left: 0, top: 160 });
    expect(clampPosition({ left: 2000, top: 100 }, box, viewport)).toEqual({ left: 748, top: 100 });
  });

  it('keeps the top at 64 px on a screen shorter than the box', () => {
    expect(clampPosition({ left: 0, top: 300 }, box, { width: 600, height: 500 })).toEqual({
      left: 0,
      top: CHAT_MIN_TOP,
    });
  });
});
