import { describe, expect, it, vi } from 'vitest';
import { createErrorPopup } from './error-popup.ts';
import { createNotifier, type NoticeSink } from './notifier.ts';

function fakeSink() {
  const shown = new Map<string, { text: string; onClose: () => void }>();
  const sink: NoticeSink = {
    open: ({ key, text, onClose }) => shown.set(key, { text, onClose }),
    close: (key) => shown.delete(key),
  };
  return { sink, texts: () => [...shown.values()].map((n) => n.text), shown };
}

describe('notifier', () => {
  it('keeps at most 4 notices open and closes the oldest for a fifth', () => {
    const { sink, texts } = fakeSink();
    const notifier = createNotifier({ now: () => 0 });
    notifier.attach(sink);
    for (const text of ['a', 'b', 'c', 'd', 'e']) notifier.notify('info', text);
    expect(texts()).toEqual(['b', 'c', 'd', 'e']);
    expect(notifier.openCount()).toBe(4);
  });

  it('drops the same notice within 2 s and shows it again after', () => {
    let time = 1000;
    const { sink, texts } = fakeSink();
    const notifier = createNotifier({ now: () => time });
    notifier.attach(sink);
    expect(notifier.notify('error', 'x')).toBe(true);
    time += 1999;
    expect(notifier.notify('error', 'x')).toBe(false);
    expect(notifier.notify('success', 'x')).toBe(true);
    time += 1;
    expect(notifier.notify('error', 'x')).toBe(true);
    expect(texts()).toEqual(['x', 'x', 'x']);
  });

  it('forgets a notice the user closed, so it no longer counts', () => {
    const { sink, shown } = fakeSink();
    const notifier = createNotifier({ now: () => 0 });
    notifier.attach(sink);
    notifier.notify('info', 'a');
    notifier.notify('info', 'b');
    const first = [...shown.values()][0];
    first?.onClose();
    expect(notifier.openCount()).toBe(1);
  });

  it('shows nothing before a view is attached', () => {
    const notifier = createNotifier();
    expect(notifier.notify('info', 'a')).toBe(false);
  });
});

describe('error popup', () => {
  it('shows one popup per 2 s and never one that mentions SQL', () => {
    vi.useFakeTimers();
    try {
      const notify = vi.fn(() => true);
      const showError = createErrorPopup({ notifier: { notify } });
      expect(showError('Balance too low')).toBe(true);
      vi.advanceTimersByTime(1500);
      expect(showError('Another problem')).toBe(false);
      vi.advanceTimersByTime(500);
      expect(showError('SQLSTATE 23505 duplicate key')).toBe(false);
      expect(showError('Another problem')).toBe(true);
      expect(notify.mock.calls).toEqual([
        ['error', 'Balance too low'],
        ['error', 'Another problem'],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('keyed notices', () => {
  it('replaces an open notice of the same key in place and keeps different keys apart', () => {
    const { sink, texts } = fakeSink();
    const notifier = createNotifier({ now: () => 0 });
    notifier.attach(sink);
    expect(notifier.notify('success', 'Order placed', { key: 'order-1' })).toBe(true);
    expect(notifier.notify('success', 'Order filled', { key: 'order-1' })).toBe(true);
    expect(texts()).toEqual(['Order filled']);
    expect(notifier.openCount()).toBe(1);
    // The same text for another order is its own notice, not a duplicate.
    expect(notifier.notify('success', 'Order filled', { key: 'order-2' })).toBe(true);
    expect(texts()).toEqual(['Order filled', 'Order filled']);
    expect(notifier.notify('success', 'Order filled', { key: 'order-2' })).toBe(false);
  });
});
