import { cleanup, render } from '@testing-library/react';
import { testRouter } from '../../../shared/testing/router.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './Markdown.tsx';

function renderMarkdown(text: string) {
  const router = testRouter([{ path: '/', element: <Markdown>{text}</Markdown> }]);
  return render(router.element).container;
}

describe('article Markdown', () => {
  afterEach(cleanup);

  it('renders the Markdown and drops raw HTML from the database', () => {
    const page = renderMarkdown(
      '## Deposits\n\nHello <script>window.x = 1</script> **world** <img src="x" onerror="window.x = 2">\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(page.querySelector('h2')?.textContent).toBe('Deposits');
    expect(page.querySelector('strong')?.textContent).toBe('world');
    expect(page.querySelectorAll('script, iframe, img[onerror]')).toHaveLength(0);
    expect(page.innerHTML).not.toContain('onerror');
  });

  it('keeps links inside the app in it, opens others apart, and drops script links', () => {
    const page = renderMarkdown(
      '[rules](/rule/index) [docs](https://example.org/docs) [bad](javascript:alert(1)) ![pic](/api/content/images/ab)',
    );
    const links = [...page.querySelectorAll('a')];
    expect(
      links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]),
    ).toEqual([
      ['rules', '/rule/index', null],
      ['docs', 'https://example.org/docs', '_blank'],
    ]);
    expect(links[1]?.getAttribute('rel')).toContain('noopener');
    expect(page.textContent).toContain('bad');
    expect(page.querySelector('img')?.getAttribute('src')).toBe('/api/content/images/ab');
  });
});
