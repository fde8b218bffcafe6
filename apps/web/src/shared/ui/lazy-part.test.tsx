import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPart } from './lazy-part.tsx';

afterEach(cleanup);

describe('a lazily loaded part', () => {
  it('stays the same element when its parent renders again after it has loaded', async () => {
    let mounts = 0;
    function Menu({ label }: { label: string }) {
      useEffect(() => {
        mounts++;
      }, []);
      return <button type="button">{label}</button>;
    }
    const part = lazyPart(async () => Menu);
    const { rerender } = render(<part.Part label="My account" />);
    const first = await screen.findByRole('button', { name: 'My account' });
    // A later render of the header (the user's details arriving): the button under the
    // pointer must not be replaced, or a hover-opened menu loses its hover.
    await act(async () => rerender(<part.Part label="My account, demo" />));
    const after = screen.getByRole('button', { name: 'My account, demo' });
    expect(after).toBe(first);
    expect(mounts).toBe(1);
  });

  it('renders at once, without a pass through its fallback, where it mounts after loading', async () => {
    const part = lazyPart(async () => ({ label }: { label: string }) => <p>{label}</p>);
    await part.load();
    render(<part.Part label="Loaded" />);
    expect(screen.getByText('Loaded')).toBeTruthy();
  });
});
