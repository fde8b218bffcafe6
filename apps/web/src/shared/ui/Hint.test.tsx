import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { installDomShims } from '../testing/fixtures.ts';
import { loadAntd } from './antd/scope.tsx';
import { Hint } from './Hint.tsx';

describe('hint', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en');
  }, 30_000);
  afterEach(cleanup);

  it('never swaps its element between a press and the click: the first click counts', async () => {
    const pressed = vi.fn();
    render(
      <Hint title="Settings">
        <button type="button" aria-label="Settings" onClick={pressed} />
      </Hint>,
    );
    const bare = screen.getByRole('button', { name: 'Settings' });

    // The press is the visitor's first act: the tooltip's code is asked for, and arrives
    // while the button is still held.
    fireEvent.pointerDown(bare);
    await act(async () => {
      await Promise.all([import('antd/es/tooltip'), loadAntd()]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('button', { name: 'Settings' })).toBe(bare);

    fireEvent.pointerUp(bare);
    fireEvent.click(bare);
    expect(pressed).toHaveBeenCalledTimes(1);

    // Released: the button is rendered again inside the tooltip, and still works.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const hinted = screen.getByRole('button', { name: 'Settings' });
    expect(hinted).not.toBe(bare);
    fireEvent.click(hinted);
    expect(pressed).toHaveBeenCalledTimes(2);
  }, 30_000);
});
