import { afterEach, describe, expect, it, vi } from 'vitest';
import { followHeaderOnScroll, placeNoticesBelowHeader } from './notice-placement.ts';

const noticeTop = () => document.documentElement.style.getPropertyValue('--notice-top');

/** A header whose bottom edge is at `bottom()` px on screen, as the browser would lay it. */
function header(bottom: () => number) {
  const element = document.createElement('header');
  element.className = 'app-header';
  element.getBoundingClientRect = () => ({ bottom: bottom() }) as DOMRect;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.style.removeProperty('--notice-top');
  vi.unstubAllGlobals();
});

describe('notice placement', () => {
  it('puts notices 8 px below the header where it is on screen', () => {
    header(() => 95);
    placeNoticesBelowHeader();
    expect(noticeTop()).toBe('103px');
  });

  it('puts them 8 px from the top on a page without a header', () => {
    placeNoticesBelowHeader();
    expect(noticeTop()).toBe('8px');
  });

  it('follows the header as the page scrolls, once a frame', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    let bottom = 95;
    header(() => bottom);
    const stop = followHeaderOnScroll();
    bottom = 56;
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    expect(noticeTop()).toBe('64px');

    stop();
    bottom = 95;
    window.dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(1);
  });
});
