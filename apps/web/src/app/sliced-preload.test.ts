import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APPEND_IN_SLICES,
  PRELOAD_HELPER_ID as HELPER,
  slicedPreloadPlugin,
} from '../../build/sliced-preload.ts';

const transform = (code: string, id: string) => {
  const hook = slicedPreloadPlugin().transform as (code: string, id: string) => string | null;
  return hook(code, id);
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.replaceChildren();
});

describe("the preload helper's links, added in slices", () => {
  it("rewrites only Vite's preload helper, and fails the build if its append changed", () => {
    const helper = 'const link = document.createElement("link");document.head.appendChild(link);';
    const out = transform(helper, HELPER) ?? '';
    expect(out).toContain('appendInSlices(link);');
    expect(out).not.toContain('document.head.appendChild(link);');
    expect(transform(helper, '/src/app/main.tsx')).toBeNull();
    expect(() => transform('document.head.append(link)', HELPER)).toThrow(/no longer has/);
  });

  it('adds every link, in order, a few milliseconds of them per task', () => {
    vi.useFakeTimers();
    // Each append takes 1.5 ms of the clock the slices are measured by.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1.5));
    const appendInSlices = new Function(`${APPEND_IN_SLICES}; return appendInSlices;`)() as (
      link: HTMLLinkElement,
    ) => void;
    const links = Array.from({ length: 10 }, (_, i) => {
      const link = document.createElement('link');
      link.href = `/assets/file-${i}.js`;
      return link;
    });
    links.forEach(appendInSlices);
    expect(document.head.children).toHaveLength(0);

    vi.advanceTimersToNextTimer();
    const firstSlice = document.head.children.length;
    expect(firstSlice).toBeGreaterThan(0);
    expect(firstSlice).toBeLessThan(links.length);

    vi.runAllTimers();
    expect([...document.head.children]).toEqual(links);
  });
});
