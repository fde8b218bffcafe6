import { cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomShims } from '../../testing/fixtures.ts';
import { AntdTheme } from './AntdTheme.tsx';

function Motion() {
  return <span data-testid="motion">{String(theme.useToken().token.motion)}</span>;
}

/** A system whose "reduce motion" setting is on or off. */
function prefersReducedMotion(on: boolean) {
  installDomShims();
  const shim = window.matchMedia;
  window.matchMedia = (query: string) => ({
    ...shim(query),
    matches: on && query === '(prefers-reduced-motion: reduce)',
  });
}

afterEach(() => {
  cleanup();
  installDomShims();
});

describe('antd scope', () => {
  it("keeps antd's motion where the system does not ask for less", () => {
    prefersReducedMotion(false);
    render(
      <AntdTheme>
        <Motion />
      </AntdTheme>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });

  it('turns it off where the system asks for less motion', () => {
    prefersReducedMotion(true);
    render(
      <AntdTheme>
        <Motion />
      </AntdTheme>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });
});
