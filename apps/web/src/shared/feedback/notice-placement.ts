/**
 * Puts the notices 8 px below the app's header as it is on screen now: under the demo
 * banner at the top of a page, at the very top once scrolled, 8 px from the top where a
 * page has no header (sign-in, full screen). A notice never covers the header's menus.
 */
export function placeNoticesBelowHeader(): void {
  const header = document.querySelector('.app-header');
  const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const top = `${Math.round(bottom) + 8}px`;
  const root = document.documentElement.style;
  // Written only when it moves: a change restyles the page, and this runs as it scrolls.
  if (root.getPropertyValue('--notice-top') !== top) root.setProperty('--notice-top', top);
}

/**
 * Keeps the notices below the header while the page scrolls (the banner scrolls away and
 * the header sticks to the top); once a frame at most. Returns the stop.
 */
export function followHeaderOnScroll(): () => void {
  let frame = 0;
  const onScroll = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      placeNoticesBelowHeader();
    });
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    cancelAnimationFrame(frame);
  };
}
